import { Descriptions, Drawer, Spin, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { formatDateTime } from '#contract/format.ts';
import type { FreeRowDetail } from '#contract/free-declare-ent.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { FreeStatusTag } from './free-status-tag.tsx';

/** One row with its receiving account and its whole history (staff names shown to staff only). */
export function FreeRowDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const [row, setRow] = useState<FreeRowDetail | null>(null);
  useEffect(() => {
    setRow(null);
    if (id === null) return;
    let live = true;
    consoleHttp.get<FreeRowDetail>('free-declare/detail', { id }).then(
      (d) => live && setRow(d),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [id, onClose]);

  return (
    <Drawer open={id !== null} title="免申即享记录" size={640} onClose={onClose} destroyOnHidden>
      {!row ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="项目">{row.projectName}</Descriptions.Item>
            <Descriptions.Item label="企业">
              {row.enterpriseName}（{row.uscc}）
            </Descriptions.Item>
            <Descriptions.Item label="金额">{row.amount} 万元</Descriptions.Item>
            <Descriptions.Item label="状态">
              <FreeStatusTag status={row.status} />
              {row.returnReason && <span>退回原因：{row.returnReason}</span>}
              {row.cancelReason && <span>取消原因：{row.cancelReason}</span>}
            </Descriptions.Item>
            <Descriptions.Item label="符合条件">{row.reasons.map((r) => `${r.condition}（${r.source}）`).join('；') || '-'}</Descriptions.Item>
            <Descriptions.Item label="联系人">{row.contactName ? `${row.contactName} ${row.contactPhone ?? ''}` : '-'}</Descriptions.Item>
            <Descriptions.Item label="收款账户">{row.bankAccount ? `${row.bankName} ${row.bankAccount}` : '企业尚未确认'}</Descriptions.Item>
            {row.voucherNo && <Descriptions.Item label="兑付凭证号">{row.voucherNo}</Descriptions.Item>}
          </Descriptions>
          <h3 className="console-free__subhead">办理经过</h3>
          <Timeline
            items={row.timeline.map((e) => ({
              content: (
                <div>
                  <strong>{e.actionText}</strong>{' '}
                  <span className="console-free__muted">
                    {formatDateTime(e.at)} · {e.actor}
                    {e.staffName ? `（${e.staffName}）` : ''}
                  </span>
                  {e.note && <div>{e.note}</div>}
                </div>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
