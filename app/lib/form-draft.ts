import type { FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { browserDrafts, hasContent, type Draft, type DraftStore } from './draft-storage.ts';

/** Typing settles for this long before the form is copied to the browser. */
export const DRAFT_SAVE_DELAY_MS = 400;

/** The part of an antd form a draft reads and writes. */
export type DraftForm<T> = Pick<FormInstance<T>, 'getFieldsValue' | 'setFieldsValue' | 'resetFields'>;

export interface FormDraftOptions<T> {
  /** The fields kept and restored (others, such as a confirmation tick, are not); all when omitted. */
  fields?: readonly (keyof T & string)[];
  /** Restore only the fields that hold something, so an empty one leaves the form's prefill. */
  onlyFilled?: boolean;
  /** A draft saved at or before this time is older than what the server holds: dropped, not restored. */
  staleBefore?: string;
}

/**
 * One form's draft in a draft store: restore it into the form, copy the form as it is typed
 * (debounced), save now, clear. No React here, so that it can be tested on its own.
 */
export function createFormDraft<T extends object>(store: DraftStore, key: string, form: DraftForm<T>, options: FormDraftOptions<T> = {}) {
  const { fields, onlyFilled = false, staleBefore } = options;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const pick = (values: Partial<T>, keep: (v: unknown) => boolean = () => true): Partial<T> =>
    Object.fromEntries(Object.entries(values).filter(([k, v]) => (!fields || (fields as readonly string[]).includes(k)) && keep(v))) as Partial<T>;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const save = (values: Partial<T> = form.getFieldsValue(true) as T) => {
    cancel();
    store.save(key, pick(values));
  };

  return {
    /** Puts a draft worth having into the form; returns it (or null). */
    restore(): Draft<Partial<T>> | null {
      const draft = store.load<Partial<T>>(key);
      if (!draft || !hasContent(draft.value)) return null;
      if (staleBefore && draft.savedAt <= staleBefore) {
        store.clear(key);
        return null;
      }
      const value = pick(draft.value, onlyFilled ? hasContent : undefined);
      form.setFieldsValue(value as Parameters<DraftForm<T>['setFieldsValue']>[0]);
      return { value, savedAt: draft.savedAt };
    },
    /** For onValuesChange: copies the form once typing pauses. */
    keep() {
      cancel();
      timer = setTimeout(save, DRAFT_SAVE_DELAY_MS);
    },
    /** Copies these values (or the form) now, e.g. before sending them. */
    save,
    /** The server has the values (or the user threw them away): no copy, and none pending. */
    clear() {
      cancel();
      store.clear(key);
    },
    dispose: cancel,
  };
}

/**
 * A form's draft kept in the browser (see draft-storage.ts), read after hydration because the
 * server cannot see it; what it restores wins over the form's initial values.
 */
export function useFormDraft<T extends object>(
  form: FormInstance<T>,
  key: string,
  { fields, onlyFilled, staleBefore, onRestore }: FormDraftOptions<T> & { onRestore?: (value: Partial<T>) => void } = {},
) {
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const draft = useMemo(() => createFormDraft(browserDrafts(), key, form, { fields, onlyFilled, staleBefore }), [key, form, fields, onlyFilled, staleBefore]);
  // The latest callback, without restoring again each time a page passes a new one.
  const onRestoreRef = useRef(onRestore);
  onRestoreRef.current = onRestore;

  useEffect(() => {
    const restored = draft.restore();
    if (restored) {
      onRestoreRef.current?.(restored.value);
      setRestoredAt(restored.savedAt);
    }
    return draft.dispose;
  }, [draft]);

  return {
    /** When the restored draft was saved; null when none was restored or it has been cleared. */
    restoredAt,
    keep: draft.keep,
    save: draft.save,
    clear() {
      draft.clear();
      setRestoredAt(null);
    },
    /** 清空重填: the draft goes and the form is back to its initial values. */
    discard() {
      draft.clear();
      form.resetFields();
      setRestoredAt(null);
    },
  };
}
