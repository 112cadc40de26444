import { formatAmount } from '#contract/format.ts';

/** The enterprises a proclamation proposes to support, in its order, with their amounts. */
export function ProclaimedList({ enterprises }: { enterprises: readonly { enterpriseName: string; amount: number }[] }) {
  return (
    <table className="data-table plain-table proclaimed-list">
      <colgroup>
        <col style={{ width: 70 }} />
        <col />
        <col style={{ width: 200 }} />
      </colgroup>
      <thead>
        <tr>
          <th className="num">序号</th>
          <th>企业名称</th>
          <th className="money">拟支持金额</th>
        </tr>
      </thead>
      <tbody>
        {enterprises.length === 0 && (
          <tr>
            <td colSpan={3} className="empty">
              暂无名单
            </td>
          </tr>
        )}
        {enterprises.map((e, i) => (
          <tr key={i}>
            <td className="num">{i + 1}</td>
            <td>{e.enterpriseName}</td>
            <td className="money">{formatAmount(e.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
