import { Table, Tag } from 'antd';
import { FRESHNESS_STATE, type FreshnessRow, type FreshnessState } from '#contract/freshness.ts';
import { formatDate } from '#contract/format.ts';
import { DateText } from '#app/features/console/date-text.tsx';

const COLOR: Record<FreshnessState, string> = { ok: 'success', due: 'warning', stale: 'error' };

export function FreshnessTag({ state }: { state: FreshnessState }) {
  return <Tag color={COLOR[state]}>{FRESHNESS_STATE[state]}</Tag>;
}

/** How long a column has gone without news, as a sentence. */
export function sinceText(r: Pick<FreshnessRow, 'days'>): string {
  if (r.days === null) return '从未发布';
  return r.days === 0 ? '今天' : `${r.days} 天前`;
}

/** Every public column with its last publication and threshold, in the server's order (已超期, 即将超期, 正常). */
export function FreshnessTable({ rows }: { rows: FreshnessRow[] }) {
  return (
    <Table<FreshnessRow>
      rowKey="column"
      dataSource={rows}
      pagination={false}
      columns={[
        {
          title: '栏目',
          render: (_, r) => (
            <a href={r.link} target="_blank" rel="noreferrer">
              {r.title}
            </a>
          ),
        },
        { title: '最近发布', width: 140, render: (_, r) => <DateText>{r.lastPublishedAt ? formatDate(r.lastPublishedAt) : '从未发布'}</DateText> },
        { title: '距今', width: 110, render: (_, r) => sinceText(r) },
        { title: '更新期限', width: 110, render: (_, r) => `${r.thresholdDays} 天` },
        { title: '状态', width: 110, render: (_, r) => <FreshnessTag state={r.state} /> },
      ]}
    />
  );
}
