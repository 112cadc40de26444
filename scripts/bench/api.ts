import { call } from './accounts.ts';
import { idsOf } from './harness.ts';
import { load, type LoadResult } from './load.ts';
import { add, check, ms, perSecond } from './report.ts';
import type { BenchServer } from './server.ts';

/** Section api: the public list and detail calls on 100,000 rows, through autocannon. */
const P99_BUDGET_MS = 20;

const latencyRow = (group: string, name: string, db: string, r: LoadResult) =>
  add({
    group,
    name,
    db,
    value: `p99 ${ms(r.p99)}（p50 ${ms(r.p50)}，${perSecond(r.rps)}${r.failures ? `，失败 ${r.failures}` : ''}）`,
    budget: `p99 < ${P99_BUDGET_MS} ms`,
    verdict: check(r.p99 < P99_BUDGET_MS && r.failures === 0),
    data: { ...r },
  });

const LISTS = [
  { what: '通知公告', list: '/uaa/api/ua/notice/page', detail: '/api/notice/detail', keyword: '招聘会' },
  { what: '重点政策', list: '/api/po/policy/list', detail: '/api/po/policy', keyword: '跨境电商' },
];

export async function apiFigures(s: BenchServer, db: string) {
  for (const l of LISTS) {
    const total = (await call<{ total: number }>(s.origin, `${l.list}?pageSize=1`)).data.total;
    add({ group: '数据量', name: `${l.what}（公开可见）`, db, value: `${total.toLocaleString('en-US')} 条`, budget: '≥ 100,000', verdict: check(total >= 100_000) });
    const url = (q: string) => `${s.origin}${l.list}?${q}`;
    latencyRow('接口延迟', `${l.what} 列表第 1 页`, db, await load({ url: url('currentPage=1&pageSize=10') }));
    latencyRow('接口延迟', `${l.what} 列表第 1000 页`, db, await load({ url: url('currentPage=1000&pageSize=10') }));
    latencyRow('接口延迟', `${l.what} 关键词「${l.keyword}」`, db, await load({ url: url(`currentPage=1&pageSize=10&keyword=${encodeURIComponent(l.keyword)}`) }));
    const ids = await idsOf(s.origin, l.list);
    latencyRow('接口延迟', `${l.what} 详情（${ids.length} 个不同 id 轮换）`, db, await load({ url: s.origin, paths: ids.map((id) => `${l.detail}?id=${id}`) }));
  }
}
