import { lazy, Suspense, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Badge, MetaList, type Tone } from '#app/components/detail.tsx';
import { PlainTable, type PlainColumn } from '#app/components/plain-table.tsx';
import type { EligibilityReason, FreeDeclareEnt } from '#contract/free-declare.ts';
import { formatAmount, formatDateTime } from '#contract/format.ts';

// antd arrives with the dialog, on the first click of 信息有误, not with the page.
const loadCorrectionDialog = () => import('./correction-dialog.tsx');
const CorrectionDialog = lazy(loadCorrectionDialog);

/** The same colours as the user centre's status tags. */
const TONES: Record<string, Tone> = { pending_confirm: 'orange', confirmed: 'blue', paid: 'green', declined: 'grey', cancelled: 'grey' };

type EligibleRow = Pick<FreeDeclareEnt, 'id' | 'enterpriseName' | 'amount' | 'status' | 'statusText' | 'canConfirm' | 'reasons' | 'corrections'>;

const REASON_COLUMNS: readonly PlainColumn<EligibilityReason>[] = [
  { title: '符合的条件', cell: (r) => r.condition },
  { title: '数据来源', width: 260, cell: (r) => r.source },
];

/** On a 免申即享 project: the signed-in enterprise's row, why it is eligible, confirm or report wrong data. */
export function EligibleCard({ row, projectName }: { row: EligibleRow; projectName: string }) {
  const revalidator = useRevalidator();
  const [correcting, setCorrecting] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const latest = row.corrections.reduce<EligibleRow['corrections'][number] | null>((a, c) => (!a || c.createdAt > a.createdAt ? c : a), null);

  return (
    <div className="eligible-card" data-testid="eligible-card">
      <div className="eligible-card__head">
        <h2 className="eligible-card__title">贵企业符合本项目条件</h2>
        <div className="eligible-card__actions">
          {row.canConfirm && (
            <Link className="btn btn--primary" to={`/free-apply/components/apply-form?freeDeclareEntId=${row.id}`}>
              去确认
            </Link>
          )}
          <button
            type="button"
            className="btn"
            onPointerEnter={() => void loadCorrectionDialog()}
            onClick={() => {
              setDialogLoaded(true);
              setCorrecting(true);
            }}
          >
            信息有误
          </button>
        </div>
      </div>
      <MetaList
        items={[
          { label: '企业名称', value: row.enterpriseName },
          { label: '兑付金额', value: <strong className="free-amount">{formatAmount(row.amount)}</strong> },
          { label: '状态', value: <Badge tone={TONES[row.status] ?? 'blue'}>{row.statusText}</Badge> },
        ]}
      />
      <h3 className="free-confirm__sub">认定依据</h3>
      <PlainTable columns={REASON_COLUMNS} rows={row.reasons} rowKey={(_r, i) => i} empty="暂无记录" caption="认定依据" small className="eligibility" />
      {latest && (
        <p className="ent-muted">
          已提交 {row.corrections.length} 条更正申请，最近一条于 {formatDateTime(latest.createdAt)} 提交（回执编号 {latest.receiptNo}
          ），工作人员核实后会与您联系。
        </p>
      )}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <CorrectionDialog
            row={correcting ? { id: row.id, projectName } : null}
            onClose={() => setCorrecting(false)}
            onFiled={() => void revalidator.revalidate()}
          />
        </Suspense>
      )}
    </div>
  );
}
