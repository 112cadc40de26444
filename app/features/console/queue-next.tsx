import { Alert, Button, Checkbox, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { QUEUE_MAX_AT, type QueueNext } from '#contract/queue-next.ts';
import { notify } from '#app/lib/feedback.ts';
import { consoleHttp } from './console-http.ts';
import { consoleListParams } from './list-params.ts';

/** The list an item was opened from: its address's query (`from`), the API query it stands for, and the item's place in it. */
export interface QueuePlace<Q extends object = object> {
  from: string;
  query: Q;
  at: number;
}

/** An item's address with the list it was opened from and its place there. */
function withPlace(to: string, from: string, at: number): string {
  const [path, search = ''] = to.split('?');
  const params = new URLSearchParams(search);
  if (from) params.set('from', from);
  params.set('at', String(at));
  return `${path}?${params}`;
}

/** For loaders: the list this item was opened from (`?from=…&at=…`), read with the list page's own schema. */
export function queuePlace<Q extends object>(url: URL, read: (params: URLSearchParams) => Q): QueuePlace<Q> {
  const from = url.searchParams.get('from') ?? '';
  const at = Number(url.searchParams.get('at'));
  return { from, query: read(consoleListParams(new URL(`?${from}`, url))), at: Number.isInteger(at) && at >= 0 && at <= QUEUE_MAX_AT ? at : 0 };
}

/** For list pages: a row's link that carries the list (filters, order, page) and the row's place in it. */
export function useQueueLink(page: { currentPage: number; pageSize: number }) {
  const { search } = useLocation();
  return (to: string, index: number) => withPlace(to, search.replace(/^\?/, ''), (page.currentPage - 1) * page.pageSize + index);
}

const AUTO_KEY = 'console.queue.autoNext';

/**
 * 下一条 (docs/console.md "下一条"): after a step, a bar with 下一条 (the next item of the list the
 * person came from, same filters and order) and 返回列表; or, when the person chose it, the next
 * item opens by itself. An empty list is said so, and the list opens.
 */
export function useQueueNext({ api, id, place, itemPath, listPath }: { api: string; id: number; place: QueuePlace; itemPath: (id: number) => string; listPath: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);
  const [auto, setAuto] = useState(false);
  const [busy, setBusy] = useState(false);
  const listHref = place.from ? `${listPath}?${place.from}` : listPath;

  // The choice is the person's, kept in this browser; read after hydration so the server's page matches.
  useEffect(() => setAuto(localStorage.getItem(AUTO_KEY) === '1'), []);
  useEffect(() => setDone(null), [id]);

  async function next() {
    setBusy(true);
    try {
      const found = await consoleHttp.post<QueueNext>(`${api}/next`, { ...place.query, id, at: place.at });
      if (!found) {
        notify('info', '列表中已没有其他事项，已返回列表');
        navigate(listHref);
      } else navigate(withPlace(itemPath(found.id), place.from, found.at));
    } finally {
      setBusy(false);
    }
  }

  function acted(what: string) {
    if (auto) void next();
    else setDone(what);
  }

  function choose(on: boolean) {
    setAuto(on);
    localStorage.setItem(AUTO_KEY, on ? '1' : '0');
  }

  const toggle = (
    <Checkbox checked={auto} onChange={(e) => choose(e.target.checked)}>
      办完后自动打开下一条
    </Checkbox>
  );
  const bar = done && (
    <Alert
      className="console-queue-next"
      type="success"
      showIcon
      title={done}
      action={
        <Space>
          <Button type="primary" size="small" loading={busy} onClick={() => void next()}>
            下一条
          </Button>
          <Link to={listHref}>返回列表</Link>
        </Space>
      }
      style={{ marginBottom: 16 }}
    />
  );
  return { acted, bar, toggle, listHref };
}
