import { Form } from 'antd';
import { useRef, useState } from 'react';
import { useListUrl } from './use-list-url.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';

/** A form's values with every kind of nothing (undefined, '', [], an empty editor) alike, for comparing. */
function comparable(values: object): string {
  const empty = (v: unknown) => v === undefined || v === null || v === '' || v === '<p></p>' || (Array.isArray(v) && !v.length);
  return JSON.stringify(
    Object.entries(values)
      .filter(([, v]) => !empty(v))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * The edit form of a console list: what is being edited (a row, 'new', or a mode of the page's
 * own), the antd form, and one save path for every page — busy while saving, the server's field
 * messages under their fields, a success message, the dialog closed and the list reloaded.
 *
 * `submit` sends the values and returns the success message, or nothing when it shows its own
 * result (a one-time password, say). Closing a form someone typed into asks first: 取消, the
 * drawer's ×, Esc and a click beside a dialog all come here.
 */
export function useConsoleForm<Target, Values>(submit: (values: Values, target: Target) => Promise<string | void>) {
  const list = useListUrl();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);
  /** The values the form opened with: an editor that settles its empty value on mount touches nothing real. */
  const opened = useRef<Record<string, unknown>>({});

  /** Opens the form on `target`, with `values` in its fields (the rest empty). */
  function open(target: Target, values?: Parameters<typeof form.setFieldsValue>[0]) {
    form.resetFields();
    if (values) form.setFieldsValue(values);
    opened.current = (values ?? {}) as Record<string, unknown>;
    setEditing(target);
  }

  async function save(values: Values) {
    if (editing === null) return;
    setBusy(true);
    try {
      const done = await submit(values, editing);
      if (done) notify('success', done);
      setEditing(null);
      list.reload();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  async function close() {
    const now = form.getFieldsValue() as Record<string, unknown>;
    const before = Object.fromEntries(Object.keys(now).map((k) => [k, opened.current[k]]));
    const changed = form.isFieldsTouched() && comparable(now) !== comparable(before);
    if (changed && !(await confirm('填写的内容尚未保存，关闭后将会丢失。', { title: '放弃未保存的修改？', okText: '放弃修改', cancelText: '继续编辑' }))) return;
    setEditing(null);
  }

  return { form, editing, open, close, save, busy, reload: list.reload };
}
