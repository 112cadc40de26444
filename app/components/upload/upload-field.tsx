import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { FileRef } from '#contract/envelope.ts';
import { downloadUrl, UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT, type UploadResult } from '#contract/files.ts';
import { MAX_ATTACHMENTS } from '#contract/appeal.ts';
import { announce } from '#app/lib/announce.ts';
import { notify } from '#app/lib/feedback.ts';
import { http, HttpError } from '#app/lib/http.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { sameFiles, uploadProblem } from './upload-check.ts';

const UPLOAD_URL = 'uaa/api/upload/file';
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

interface Item {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  ref?: FileRef;
  /** Kept for 重试. */
  file?: File;
  error?: string;
}

export interface UploadFieldProps {
  /** antd Form passes these. */
  id?: string;
  value?: FileRef[] | null;
  onChange?: (value: FileRef[]) => void;
  maxCount?: number;
  disabled?: boolean;
  /** Shown instead of the button when disabled (e.g. 登录后可上传附件). */
  disabledHint?: React.ReactNode;
  buttonText?: string;
  /** Tells the form whether a file is still on its way, so that it does not submit without it. */
  onBusyChange?: (busy: boolean) => void;
  /** Sends one file; by default the enterprise upload call (the console passes its own). */
  send?: UploadSender;
}

export type UploadSender = (form: FormData, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<UploadResult>;

const enterpriseUpload: UploadSender = (form, onProgress, signal) => http.upload<UploadResult>(UPLOAD_URL, form, onProgress, signal, { silent: true });

const fromRefs = (refs: readonly FileRef[]): Item[] =>
  refs.map((ref, i) => ({ uid: `saved-${i}-${ref.path}`, name: ref.name, status: 'done', percent: 100, ref }));
const doneRefs = (items: readonly Item[]) => items.flatMap((i) => (i.status === 'done' && i.ref ? [i.ref] : []));

/**
 * The one upload field of the portal (antd Upload through the shared HTTP client): type and size
 * checked before sending, a progress bar per file, 60 s timeout, several files, retry and remove.
 * Its value is the list of uploaded files `[{ name, path }]`; files still uploading or failed are
 * not part of it.
 */
export function UploadField({
  id,
  value,
  onChange,
  maxCount = MAX_ATTACHMENTS,
  disabled,
  disabledHint,
  buttonText = '选择文件',
  onBusyChange,
  send: sendFile = enterpriseUpload,
}: UploadFieldProps) {
  const root = useRootData();
  const maxBytes = root?.site.uploadMaxBytes ?? DEFAULT_MAX_BYTES;
  const [items, setItems] = useState<Item[]>(() => fromRefs(value ?? []));
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const aborts = useRef(new Map<string, AbortController>());

  // An outside change of the value (draft restored, form prefilled or reset) replaces the files.
  useEffect(() => {
    const refs = value ?? [];
    if (!sameFiles(refs, doneRefs(itemsRef.current))) setItems((prev) => [...fromRefs(refs), ...prev.filter((i) => i.status !== 'done')]);
  }, [value]);

  // Our own change (a file done, one removed) goes out as the new value.
  useEffect(() => {
    const refs = doneRefs(items);
    if (!sameFiles(refs, value ?? [])) onChange?.(refs);
    // Only a change of the files themselves is news; `value` catching up is not.
  }, [items]);

  // Progress said aloud when a file starts and when it is done, not at every percent; a failure
  // is said by its toast (notify), so not here as well.
  const statuses = useRef(new Map<string, Item['status']>());
  useEffect(() => {
    const started: string[] = [];
    const done: string[] = [];
    for (const i of items) {
      const before = statuses.current.get(i.uid);
      if (i.status === 'uploading' && before !== 'uploading') started.push(i.name);
      if (i.status === 'done' && before === 'uploading') done.push(i.name);
    }
    statuses.current = new Map(items.map((i) => [i.uid, i.status]));
    const names = (list: string[]) => list.map((n) => `“${n}”`).join('、');
    const sentence = [done.length ? `${names(done)}上传完成` : '', started.length ? `正在上传${names(started)}` : ''].filter(Boolean).join('；');
    if (sentence) announce(sentence);
  }, [items]);

  const busy = items.some((i) => i.status === 'uploading');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => () => aborts.current.forEach((c) => c.abort()), []);

  const patch = (uid: string, change: Partial<Item>) => setItems((prev) => prev.map((i) => (i.uid === uid ? { ...i, ...change } : i)));

  async function send(uid: string, file: File) {
    const controller = new AbortController();
    aborts.current.set(uid, controller);
    patch(uid, { status: 'uploading', percent: 0, error: undefined });
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const ref = await sendFile(form, (percent) => patch(uid, { percent: Math.min(percent, 99) }), controller.signal);
      patch(uid, { status: 'done', percent: 100, ref: { name: ref.name, path: ref.path }, file: undefined });
    } catch (err) {
      if (controller.signal.aborted) return;
      const message = err instanceof HttpError ? err.message : '上传失败，请重试';
      patch(uid, { status: 'error', error: message });
      notify('error', `“${file.name}”上传失败：${message}`);
    } finally {
      aborts.current.delete(uid);
    }
  }

  function beforeUpload(file: File & { uid: string }) {
    const problem = uploadProblem(file, maxBytes);
    const count = itemsRef.current.length;
    if (problem || count >= maxCount) {
      notify('warning', problem ?? `最多上传 ${maxCount} 个文件`);
      return Upload.LIST_IGNORE;
    }
    const item: Item = { uid: file.uid, name: file.name, status: 'uploading', percent: 0, file };
    itemsRef.current = [...itemsRef.current, item];
    setItems((prev) => [...prev, item]);
    void send(file.uid, file);
    // We send it ourselves (send), so antd must not.
    return false;
  }

  function remove(uid: string) {
    aborts.current.get(uid)?.abort();
    setItems((prev) => prev.filter((i) => i.uid !== uid));
  }

  const fileList: UploadFile[] = items.map((i) => ({
    uid: i.uid,
    name: i.name,
    status: i.status,
    percent: i.percent,
    url: i.ref ? downloadUrl(i.ref) : undefined,
    error: i.error ? { message: i.error } : undefined,
  }));

  const full = items.length >= maxCount;
  return (
    <div className="upload-field" id={id}>
      <Upload
        accept={UPLOAD_ACCEPT}
        multiple
        fileList={fileList}
        beforeUpload={beforeUpload}
        onRemove={(f) => {
          remove(f.uid);
          return false;
        }}
        disabled={disabled}
        showUploadList={{
          extra: (f) => {
            const item = items.find((i) => i.uid === f.uid);
            if (item?.status === 'uploading') return <span className="upload-field-percent">{` 上传中 ${item.percent}%`}</span>;
            if (item?.status === 'error')
              return (
                <span className="upload-field-error">
                  {` ${item.error ?? '上传失败'} `}
                  <Button
                    type="link"
                    size="small"
                    onClick={(e) => {
                      e.stopPropagation();
                      if (item.file) void send(item.uid, item.file);
                    }}
                  >
                    重试
                  </Button>
                </span>
              );
            return null;
          },
        }}
      >
        {disabled ? null : (
          <Button icon={<UploadOutlined />} disabled={full}>
            {buttonText}
          </Button>
        )}
      </Upload>
      <div className="upload-field-hint">
        {disabled && disabledHint ? disabledHint : `支持 ${UPLOAD_TYPES_TEXT}，单个文件不超过 ${Math.round(maxBytes / 1024 / 1024)} MB，最多 ${maxCount} 个`}
      </div>
    </div>
  );
}

/**
 * Whether any upload field of a form is still sending: `const uploads = useUploadsBusy()`, pass
 * `onBusyChange={uploads.track('attachments')}` to each field, check `uploads.busy()` before submitting.
 */
export function useUploadsBusy() {
  const busy = useRef(new Set<string>());
  const trackers = useRef(new Map<string, (b: boolean) => void>());
  return {
    track(key: string) {
      let fn = trackers.current.get(key);
      if (!fn) {
        fn = (b: boolean) => void (b ? busy.current.add(key) : busy.current.delete(key));
        trackers.current.set(key, fn);
      }
      return fn;
    },
    busy: () => busy.current.size > 0,
  };
}
