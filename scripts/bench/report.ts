import { writeFileSync } from 'node:fs';

/**
 * The benchmark's rows: a figure with its budget and a verdict. `未实现` marks a figure whose
 * feature has not landed yet (never a made-up number); `信息` a figure without a budget.
 */
export type Verdict = 'PASS' | 'FAIL' | '未实现' | '信息' | '跳过';

export interface Row {
  group: string;
  name: string;
  db?: string;
  value: string;
  budget: string;
  verdict: Verdict;
  /** Raw numbers for bench-results.json. */
  data?: Record<string, unknown>;
}

export const rows: Row[] = [];

export function add(row: Row): Row {
  rows.push(row);
  const db = row.db ? ` [${row.db}]` : '';
  console.log(`  ${row.verdict.padEnd(4)} ${row.group} · ${row.name}${db}: ${row.value}${row.budget ? `（预算 ${row.budget}）` : ''}`);
  return row;
}

export const check = (ok: boolean): Verdict => (ok ? 'PASS' : 'FAIL');
export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
export const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')} 次/秒`;

/** Terminal columns of a string: CJK and full-width characters take two. */
function width(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
}
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - width(s)));

export function printTable(): void {
  const head = ['分组', '项目', '数据库', '结果', '预算', '判定'];
  const body = rows.map((r) => [r.group, r.name, r.db ?? '', r.value, r.budget, r.verdict]);
  const widths = head.map((h, i) => Math.max(width(h), ...body.map((b) => width(b[i]))));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i])).join(' | ')} |`;
  console.log('');
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  const failed = rows.filter((r) => r.verdict === 'FAIL').length;
  const passed = rows.filter((r) => r.verdict === 'PASS').length;
  const missing = rows.filter((r) => r.verdict === '未实现').length;
  console.log(`\n通过 ${passed} 项，未通过 ${failed} 项，未实现 ${missing} 项。`);
}

export function writeJson(file: string, meta: Record<string, unknown>): void {
  writeFileSync(file, `${JSON.stringify({ ...meta, rows }, null, 2)}\n`);
}
