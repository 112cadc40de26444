import { formatAmount } from '#contract/format.ts';
import { PlainTable, type PlainColumn } from '#app/components/plain-table.tsx';

interface Proclaimed {
  enterpriseName: string;
  amount: number;
}

const COLUMNS: readonly PlainColumn<Proclaimed>[] = [
  { title: '序号', width: 70, align: 'num', cell: (_e, i) => i + 1 },
  { title: '企业名称', cell: (e) => e.enterpriseName },
  { title: '拟支持金额', width: 200, align: 'money', cell: (e) => formatAmount(e.amount) },
];

/** The enterprises a proclamation proposes to support, in its order, with their amounts. */
export function ProclaimedList({ enterprises }: { enterprises: readonly Proclaimed[] }) {
  return (
    <PlainTable columns={COLUMNS} rows={enterprises} rowKey={(_e, i) => i} empty="暂无名单" caption="拟支持企业名单" className="proclaimed-list" />
  );
}
