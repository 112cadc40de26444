import { Link } from 'react-router';
import type { FreshnessRow } from '#contract/freshness.ts';
import { FreshnessTag, sinceText } from './freshness-table.tsx';

/** The 工作台's card: the columns that are 已超期 or 即将超期, worst first, each with what to do about it. */
export function FreshnessAlerts({ rows }: { rows: FreshnessRow[] }) {
  if (!rows.length) return <p className="console-muted">各栏目均在更新期限内。</p>;
  return (
    <>
      <ul className="freshness-alerts" aria-label="需要更新的栏目">
        {rows.map((r) => (
          <li key={r.column} className="freshness-alerts__item">
            <FreshnessTag state={r.state} />
            <strong>{r.title}</strong>
            <span>
              {r.days === null ? '还没有发布任何内容' : `最近发布：${sinceText(r)}`}（更新期限 {r.thresholdDays} 天）
            </span>
          </li>
        ))}
      </ul>
      <Link to="/console/freshness">查看全部栏目 →</Link>
    </>
  );
}
