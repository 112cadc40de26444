import { Alert, Button, Checkbox, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { QUEUE_MAX_AT, type QueueNext } from '#contract/queue-next.ts';
import { notify } from '#app/lib/feedback.ts';
import { consoleHttp } from './console-http.ts';
import { consoleListParams } from './list-params.ts';
import { nextRow } from './next-row.ts';
import { useListUrl } from './use-list-url.ts';

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

/** 办完后自动打开下一条: the person's choice, kept in this browser, and its checkbox. */
function useAutoNext() {
  const [auto, setAuto] = useState(false);
  // Read after hydration so the server's page matches.
  useEffect(() => setAuto(localStorage.getItem(AUTO_KEY) === '1'), []);
  function choose(on: boolean) {
    setAuto(on);
    localStorage.setItem(AUTO_KEY, on ? '1' : '0');
  }
  const toggle = (
    <Checkbox checked={auto} onChange={(e) => choose(e.target.checked)}>
      办完后自动打开下一条
    </Checkbox>
  );
  return { auto, toggle };
}

/** The bar after a step: what was done, 下一条, and what else the page offers (返回列表). */
function NextBar({ done, busy, onNext, onClose, children }: { done: string; busy: boolean; onNext: () => void; onClose?: () => void; children?: ReactNode }) {
  return (
    <Alert
      className="console-queue-next"
      type="success"
      showIcon
      title={done}
      closable={onClose ? { onClose } : undefined}
      action={
        <Space>
          <Button type="primary" size="small" loading={busy} onClick={onNext}>
            下一条
          </Button>
          {children}
        </Space>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * 下一条 (docs/console.md "下一条"): after a step, a bar with 下一条 (the next item of the list the
 * person came from, same filters and order) and 返回列表; or, when the person chose it, the next
 * item opens by itself. An empty list is said so, and the list opens.
 */
export function useQueueNext({ api, id, place, itemPath, listPath }: { api: string; id: number; place: QueuePlace; itemPath: (id: number) => string; listPath: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);
  const { auto, toggle } = useAutoNext();
  const [busy, setBusy] = useState(false);
  const listHref = place.from ? `${listPath}?${place.from}` : listPath;

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

  /** The one place a step's result is said: in the bar, or, with 自动, as a message while the next opens. */
  function acted(what: string) {
    if (!auto) return setDone(what);
    notify('success', what);
    void next();
  }

  const bar = done && (
    <NextBar done={done} busy={busy} onNext={() => void next()}>
      <Link to={listHref}>返回列表</Link>
    </NextBar>
  );
  return { acted, bar, toggle, listHref };
}

/**
 * 下一条 on a list whose steps open in a dialog over it (差评整改, 免申即享名单, 信息有误): after a
 * step on a row, the next row of the list as it reads after the step that still has a step to
 * take opens (`open`), or the next page when this one is done. The same bar and choice as an
 * item's page; the page calls `acted(row, what)` once the step is saved.
 */
export function useRowQueueNext<T extends { id: number }>({
  rows,
  page,
  canAct,
  open,
}: {
  rows: readonly T[];
  page: { currentPage: number; pageSize: number; total: number };
  canAct: (row: T) => boolean;
  open: (row: T) => void;
}) {
  const list = useListUrl();
  const { auto, toggle } = useAutoNext();
  const [done, setDone] = useState<{ what: string; id: number; at: number; rows: readonly T[] } | null>(null);
  const [pending, setPending] = useState(false);

  function next(from = done) {
    if (!from) return;
    setDone(null);
    const found = nextRow(rows, from.id, from.at, canAct, page.currentPage * page.pageSize < page.total);
    if (found === 'next-page') {
      notify('info', '本页已办完，已翻到下一页');
      list.page(page.currentPage + 1, page.pageSize);
    } else if (found) open(found);
    else notify('info', '列表中已没有其他待办事项');
  }

  // With 自动 chosen, the next row opens once the list has been read again after the step.
  useEffect(() => {
    if (pending && done && rows !== done.rows) {
      setPending(false);
      notify('success', done.what);
      next(done);
    }
    // Only the list read again, or 自动 chosen at the step, calls for it.
  }, [rows, pending]);

  function acted(row: T, what: string) {
    const at = rows.findIndex((r) => r.id === row.id);
    setDone({ what, id: row.id, at: Math.max(at, 0), rows });
    setPending(auto);
  }

  const bar = done && !pending && <NextBar done={done.what} busy={false} onNext={() => next()} onClose={() => setDone(null)} />;
  return { acted, bar, toggle };
}
