import { consoleLatencyRow, consoleLogin } from './console-session.ts';
import type { BenchServer } from './server.ts';

/**
 * The console's notice list over the bench's 100,000 notices (budget: p99 under 20 ms at 10
 * connections), as the demo editor sees it: the first page, a deep page and the pending queue.
 */
export async function consoleNoticeLists(s: BenchServer, db: string): Promise<void> {
  const headers = await consoleLogin(s.origin, 'editor');
  const url = `${s.origin}/console/api/notice/pages`;
  const cases = [
    { name: '通知公告列表第 1 页', body: { currentPage: 1, pageSize: 10 } },
    { name: '通知公告列表第 1000 页', body: { currentPage: 1000, pageSize: 10 } },
    { name: '待审核通知公告', body: { currentPage: 1, pageSize: 10, status: 'pending_review' } },
  ];
  for (const c of cases) {
    // The probe's total names the volume the row was measured over, as the page says it (counted to 10,000).
    const name = (page: { total: number; totalCapped: boolean }) => `${c.name}（${page.totalCapped ? '超过' : '共'} ${page.total.toLocaleString('en-US')} 条）`;
    await consoleLatencyRow(s, { group: '管理后台', name, db }, { url, method: 'POST', headers, body: c.body });
  }
}
