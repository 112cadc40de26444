import { Button, Form, Select, Tag } from 'antd';
import { consoleHttp } from './console-http.ts';
import { confirm, notify } from '#app/lib/feedback.ts';

/** The two states' words: 启用/停用 for directories, 已发布/未发布 and 发布/下线 for projects. */
export interface SwitchWords {
  on: string;
  off: string;
}
const ENABLED: SwitchWords = { on: '启用', off: '停用' };

/** 启用/停用 as a list shows it. */
export function EnabledTag({ enabled, words = ENABLED }: { enabled: boolean; words?: SwitchWords }) {
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? words.on : words.off}</Tag>;
}

/**
 * The row action that flips a directory row through `<domain>/enable` or `<domain>/disable`
 * (console-list.ts) with `{ id }` (or `payload`, for a row named otherwise); stopping asks first,
 * since the public stops seeing the row at once.
 */
export function EnabledToggle({ domain, id, payload, enabled, name, words = ENABLED, onDone }: {
  domain: string;
  /** The actions' words (the state's words are EnabledTag's). */
  words?: SwitchWords;
  id?: number;
  payload?: object;
  enabled: boolean;
  name: string;
  onDone: () => void;
}) {
  async function flip() {
    if (enabled && !(await confirm(`${words.off}后公众将看不到“${name}”，确定${words.off}？`))) return;
    await consoleHttp.post(`${domain}/${enabled ? 'disable' : 'enable'}`, payload ?? { id });
    notify('success', enabled ? `已${words.off}“${name}”` : `已${words.on}“${name}”`);
    onDone();
  }
  return (
    <Button type="link" size="small" danger={enabled} onClick={flip}>
      {enabled ? words.off : words.on}
    </Button>
  );
}

/** The 状态 filter of a directory's list (console-list.ts enabledFilterSchema), inside ListFilters. */
export function EnabledFilter({ words = ENABLED }: { words?: SwitchWords }) {
  return (
    <Form.Item name="status" label="状态">
      <Select
        allowClear
        placeholder="全部"
        style={{ width: 110 }}
        options={[
          { value: 'enabled', label: words.on },
          { value: 'disabled', label: words.off },
        ]}
      />
    </Form.Item>
  );
}
