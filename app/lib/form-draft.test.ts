import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftStore, type DraftBackend } from './draft-storage.ts';
import { createFormDraft, DRAFT_SAVE_DELAY_MS, type DraftForm } from './form-draft.ts';

interface Values {
  title?: string;
  contactName?: string;
  checked?: boolean;
}

/** A form that holds its values as antd's does: initial values, set and reset. */
function fakeForm(initial: Values): DraftForm<Values> & { values: Values } {
  const form: DraftForm<Values> & { values: Values } = {
    values: { ...initial },
    getFieldsValue: (() => ({ ...form.values })) as DraftForm<Values>['getFieldsValue'],
    setFieldsValue: (v: Values) => void Object.assign(form.values, v),
    resetFields: () => void (form.values = { ...initial }),
  };
  return form;
}

function memory(): DraftBackend & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const FIELDS = ['title', 'contactName'] as const;

describe('a form draft', () => {
  const now = Date.parse('2026-03-02T01:00:00Z');
  const store = () => createDraftStore(backend, () => now);
  let backend: ReturnType<typeof memory>;
  beforeEach(() => {
    vi.useFakeTimers();
    backend = memory();
  });
  afterEach(() => vi.useRealTimers());

  it('copies the form once typing pauses, only the fields it keeps', () => {
    const form = fakeForm({ checked: false });
    const draft = createFormDraft(store(), 'appeal-form', form, { fields: FIELDS });
    form.values = { title: '用工', checked: true };
    draft.keep();
    form.values = { title: '用工需求', checked: true };
    draft.keep();
    vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1);
    expect(store().load('appeal-form')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(store().load('appeal-form')?.value).toEqual({ title: '用工需求' });
  });

  it('restores into the form and says when the draft was saved', () => {
    store().save('k', { title: '厂房漏水', contactName: '林书言' });
    const form = fakeForm({});
    expect(createFormDraft(store(), 'k', form).restore()).toEqual({
      value: { title: '厂房漏水', contactName: '林书言' },
      savedAt: '2026-03-02T01:00:00.000Z',
    });
    expect(form.values).toEqual({ title: '厂房漏水', contactName: '林书言' });
  });

  it('with onlyFilled, leaves the prefill where the draft field is empty', () => {
    store().save('k', { title: '厂房漏水', contactName: ' ' });
    const form = fakeForm({ contactName: '王经理' });
    createFormDraft(store(), 'k', form, { fields: FIELDS, onlyFilled: true }).restore();
    expect(form.values).toEqual({ title: '厂房漏水', contactName: '王经理' });
  });

  it('restores nothing from an empty draft', () => {
    store().save('k', { title: '', contactName: '' });
    const form = fakeForm({ contactName: '王经理' });
    expect(createFormDraft(store(), 'k', form).restore()).toBeNull();
    expect(form.values).toEqual({ contactName: '王经理' });
  });

  it('drops a draft no newer than what the server holds', () => {
    store().save('k', { title: '旧的' });
    const form = fakeForm({ title: '已保存' });
    expect(createFormDraft(store(), 'k', form, { staleBefore: '2026-03-02T01:00:00.000Z' }).restore()).toBeNull();
    expect(form.values).toEqual({ title: '已保存' });
    expect(backend.map.size).toBe(0);

    store().save('k', { title: '新的' });
    expect(createFormDraft(store(), 'k', form, { staleBefore: '2026-03-02T00:59:59.000Z' }).restore()?.value).toEqual({ title: '新的' });
  });

  it('saves given values at once, and clearing also stops a pending copy', () => {
    const form = fakeForm({});
    const draft = createFormDraft(store(), 'k', form, { fields: FIELDS });
    draft.save({ title: '提交前', checked: true });
    expect(store().load('k')?.value).toEqual({ title: '提交前' });
    form.values = { title: '又改了' };
    draft.keep();
    draft.clear();
    vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
    expect(store().load('k')).toBeNull();
  });

  it('keeps each key apart', () => {
    const a = createFormDraft(store(), 'declare:1', fakeForm({ title: 'a' }));
    const b = createFormDraft(store(), 'declare:2', fakeForm({ title: 'b' }));
    a.save();
    b.save();
    a.clear();
    expect(store().load('declare:1')).toBeNull();
    expect(store().load('declare:2')?.value).toEqual({ title: 'b' });
  });
});
