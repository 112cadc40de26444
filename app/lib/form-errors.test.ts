import type { FormInstance } from 'antd/es/form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportFormError } from './form-errors.ts';
import { onlyFields } from './form-rules.ts';
import { HttpError } from './http.ts';

const notices = vi.hoisted(() => [] as [string, string][]);
vi.mock('./feedback.ts', () => ({ notify: (kind: string, text: string) => notices.push([kind, text]) }));

function fakeForm() {
  const set: unknown[] = [];
  const form = { setFields: (f: unknown[]) => set.push(...f), scrollToField: () => {} } as unknown as FormInstance;
  return { form, set };
}

describe('reportFormError', () => {
  beforeEach(() => void notices.splice(0));

  it('shows field messages under their fields and no notice', () => {
    const { form, set } = fakeForm();
    reportFormError(form, new HttpError(400, '请检查填写的内容', { fields: { content: '请填写更正内容' } }));
    expect(set).toEqual([{ name: ['content'], errors: ['请填写更正内容'] }]);
    expect(notices).toEqual([]);
  });

  it('falls back to a notice when no field of this form is named', () => {
    const { form, set } = fakeForm();
    reportFormError(form, new HttpError(400, '收款账户不正确', { fields: { bankAccount: '收款账户不正确' } }), onlyFields(['content']));
    reportFormError(form, new HttpError(409, '该诉求的状态刚刚发生了变化，请刷新后重试'));
    expect(set).toEqual([]);
    expect(notices).toEqual([
      ['error', '收款账户不正确'],
      ['error', '该诉求的状态刚刚发生了变化，请刷新后重试'],
    ]);
  });

  it('passes on anything that is not an HTTP error', () => {
    const bug = new TypeError('x is undefined');
    expect(() => reportFormError(fakeForm().form, bug)).toThrow(bug);
    expect(notices).toEqual([]);
  });
});
