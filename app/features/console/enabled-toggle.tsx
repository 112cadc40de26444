import { Button, Tag } from 'antd';
import { consoleHttp } from './console-http.ts';
import { confirm, notify } from '#app/lib/feedback.ts';

/** 启用/停用 as a list shows it. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? '启用' : '停用'}</Tag>;
}

/**
 * The row action that flips a directory row through `<domain>/enable` or `<domain>/disable`
 * (console-list.ts); stopping asks first, since the public stops seeing the row at once.
 */
export function EnabledToggle({ domain, id, enabled, name, onDone }: { domain: string; id: number; enabled: boolean; name: string; onDone: () => void }) {
  async function flip() {
    if (enabled && !(await confirm(`停用后公众将看不到“${name}”，确定停用？`))) return;
    await consoleHttp.post(`${domain}/${enabled ? 'disable' : 'enable'}`, { id });
    notify('success', enabled ? `已停用“${name}”` : `已启用“${name}”`);
    onDone();
  }
  return (
    <Button type="link" size="small" danger={enabled} onClick={flip}>
      {enabled ? '停用' : '启用'}
    </Button>
  );
}
