import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd/es/form';
import { appealInputSchema } from '#contract/appeal.ts';
import { evaluateSchema } from '#contract/evaluation.ts';
import { z } from '#contract/zod.ts';
import { isRequired, onlyFields, showFieldErrors, toNamePath, zodFieldMessage, zodFormRule, zodMessage, zodRule } from './form-rules.ts';

const check = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule.validator as (r: unknown, v: unknown) => Promise<void>)({}, value).then(
    () => null,
    (e: Error) => e.message,
  );

describe('zodRule', () => {
  it('gives the contract message for an empty or a bad value, and passes a good one', async () => {
    const title = zodRule(appealInputSchema.shape.title);
    expect(await check(title, '')).toBe('请填写诉求标题');
    expect(await check(title, undefined)).toBe('请填写诉求标题');
    expect(await check(title, '   ')).toBe('请填写诉求标题');
    expect(await check(title, '厂房租金补贴咨询')).toBeNull();
    const phone = zodRule(appealInputSchema.shape.contactPhone);
    expect(await check(phone, '1380013800')).not.toBeNull();
    expect(await check(phone, '13800138000')).toBeNull();
  });

  it('marks a field required only when the schema refuses it empty', () => {
    expect(zodRule(appealInputSchema.shape.content).required).toBe(true);
    expect(zodRule(appealInputSchema.shape.isPublic).required).toBe(false);
    expect(isRequired(z.string().optional())).toBe(false);
  });

  it('treats null like an empty input', () => {
    expect(zodMessage(z.string().optional(), null)).toBeNull();
    expect(zodMessage(z.string({ error: '必填' }), null)).toBe('必填');
  });
});

describe('zodFormRule', () => {
  const fakeForm = (values: Record<string, unknown>) => ({ getFieldsValue: () => values }) as unknown as FormInstance;
  const run = (values: Record<string, unknown>) =>
    (zodFormRule(evaluateSchema, 'comment', { id: 1 })(fakeForm(values)).validator as (r: unknown, v: unknown) => Promise<void>)({}, values.comment).then(
      () => null,
      (e: Error) => e.message,
    );

  it('checks a rule across fields: a reason is needed for 不满意 or worse', async () => {
    expect(await run({ level: 4, comment: '' })).toBe('请说明不满意的原因，便于我们改进');
    expect(await run({ level: 4, comment: '答复没有解决问题' })).toBeNull();
    expect(await run({ level: 1 })).toBeNull();
  });

  it('reports only the issues of its own field', () => {
    expect(zodFieldMessage(evaluateSchema, { id: 1, level: 0 }, 'comment')).toBeNull();
    expect(zodFieldMessage(evaluateSchema, { id: 1, level: 0 }, 'level')).toBe('评价等级须为 1 到 5');
  });
});

describe('showFieldErrors', () => {
  it('puts server messages under the fields they name, skipping the form-level key', () => {
    const set: unknown[] = [];
    const form = { setFields: (f: unknown[]) => set.push(...f), scrollToField: () => {} } as unknown as FormInstance;
    expect(showFieldErrors(form, { _: '整体错误' })).toBe(false);
    expect(showFieldErrors(form, { contactPhone: '请输入正确的手机号', 'materials.0.files': '请上传营业执照' })).toBe(true);
    expect(set).toEqual([
      { name: ['contactPhone'], errors: ['请输入正确的手机号'] },
      { name: ['materials', 0, 'files'], errors: ['请上传营业执照'] },
    ]);
    expect(toNamePath('a.10.b')).toEqual(['a', 10, 'b']);
  });

  it('can be limited to the fields the form has', () => {
    const form = { setFields: () => {}, scrollToField: () => {} } as unknown as FormInstance;
    expect(showFieldErrors(form, { bankAccount: 'x' }, onlyFields(['contactName']))).toBe(false);
    expect(onlyFields(['attachments'])('attachments.1.path')).toEqual(['attachments', 1, 'path']);
  });
});
