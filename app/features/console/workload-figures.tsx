import { Link } from 'react-router';
import { DASHBOARD_COUNT_CAP, type DashboardItem } from '#contract/dashboard.ts';

const shown = (count: number) => (count > DASHBOARD_COUNT_CAP ? `${DASHBOARD_COUNT_CAP}+` : String(count));

/** The dashboard's figures of one area: each a number that opens the queue it counts; 超期 and 临期 stand out once non-zero. */
export function WorkloadFigures({ items, label }: { items: readonly DashboardItem[]; label: string }) {
  return (
    <nav className="console-workload" aria-label={label}>
      {items.map((item) => (
        <Link key={item.key} to={item.link} className={`console-workload__item${item.count > 0 ? ` console-workload__item--${item.tone}` : ''}`}>
          <strong>{shown(item.count)}</strong>
          <span>{item.label}</span>
          {item.note && <small className="console-workload__note">{item.note}</small>}
        </Link>
      ))}
    </nav>
  );
}
