import { Table } from 'antd';
import type { EligibilityReason } from '#contract/free-declare.ts';

/** Why the bureau found the enterprise eligible: each condition met and where the data came from. */
export function EligibilityReasons({ reasons }: { reasons: readonly EligibilityReason[] }) {
  return (
    <Table<EligibilityReason & { key: number }>
      className="eligibility"
      size="small"
      pagination={false}
      bordered
      dataSource={reasons.map((r, i) => ({ ...r, key: i }))}
      locale={{ emptyText: '暂无记录' }}
      columns={[
        { title: '符合的条件', dataIndex: 'condition' },
        { title: '数据来源', dataIndex: 'source', width: 260 },
      ]}
    />
  );
}
