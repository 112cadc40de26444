import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { freeAmendSchema, freeCancelSchema, freePaySchema, freeReturnSchema, type FreeListItem } from '#contract/free-declare-ent.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { zodRule } from '#app/lib/form-rules.ts';

export type FreeStep = 'amend' | 'cancel' | 'return' | 'pay';
interface Target {
  step: FreeStep;
  rows: FreeListItem[];
}
interface Values {
  amount?: number;
  reason?: string;
  voucherNo?: string;
}

const TITLES: Record<FreeStep, string> = { amend: '调整金额', cancel: '取消记录', return: '退回企业重新确认', pay: '登记兑付' };
const REASON_LABEL: Record<Exclude<FreeStep, 'pay'>, string> = {
  amend: '调整原因（企业可见）',
  cancel: '取消原因（企业可见）',
  return: '退回原因（企业可见，如：开户银行与账号不符）',
};
const REASON_RULE = { amend: freeAmendSchema.shape.reason, cancel: freeCancelSchema.shape.reason, return: freeReturnSchema.shape.reason };

const sumWan = (rows: FreeListItem[]) => Number(rows.reduce((s, r) => s + r.amount, 0).toFixed(4));

/**
 * The steps on 免申即享 rows as one dialog: amend (amount + reason), cancel and return (reason),
 * pay (voucher for the chosen rows). The pinned calls of docs/console.md; the list reloads after each.
 */
export function useFreeSteps(onRowDone?: (step: Exclude<FreeStep, 'pay'>, row: FreeListItem, what: string) => void) {
  const edit = useConsoleForm<Target, Values>(async (values, { step, rows }) => {
    if (step === 'pay') {
      const { paid } = await consoleHttp.post<{ paid: number }>('free-declare/pay', { ids: rows.map((r) => r.id), voucherNo: values.voucherNo }, { silent: true });
      return `已登记 ${paid} 条兑付，企业将收到短信通知`;
    }
    await consoleHttp.post(`free-declare/${step}`, { id: rows[0].id, ...values }, { silent: true });
    const what = { amend: '金额已调整', cancel: '已取消，企业将收到通知', return: '已退回企业重新确认' }[step];
    // A step on one row tells the page (下一条), which then says what was done.
    if (!onRowDone) return what;
    onRowDone(step, rows[0], what);
  });
  const target = edit.editing;
  const run = (step: FreeStep, rows: FreeListItem[]) => edit.open({ step, rows }, step === 'amend' ? { amount: rows[0].amount } : undefined);

  const dialog = (
    <Modal
      open={!!target}
      title={target && TITLES[target.step]}
      onCancel={edit.close}
      onOk={() => edit.form.submit()}
      okText={target ? TITLES[target.step] : '确定'}
      okButtonProps={{ danger: target?.step === 'cancel' }}
      confirmLoading={edit.busy}
      destroyOnHidden
    >
      {target && (
        <Form form={edit.form} layout="vertical" onFinish={edit.save} autoComplete="off">
          {target.step === 'pay' ? (
            <Alert
              type="info"
              showIcon
              className="console-free__summary"
              title={`共 ${target.rows.length} 条已确认记录，合计 ${sumWan(target.rows)} 万元`}
              description="请核对银行回单后登记；登记后企业将收到“已兑付”短信，不能撤销。"
            />
          ) : (
            <p className="console-free__who">
              {target.rows[0].enterpriseName}（{target.rows[0].uscc}），{target.rows[0].projectName}，{target.rows[0].amount} 万元
            </p>
          )}
          {target.step === 'amend' && (
            <Form.Item name="amount" label="新金额（万元）" rules={[zodRule(freeAmendSchema.shape.amount)]}>
              <InputNumber min={0} step={0.1} precision={4} style={{ width: 200 }} />
            </Form.Item>
          )}
          {target.step === 'pay' ? (
            <Form.Item name="voucherNo" label="兑付凭证号" rules={[zodRule(freePaySchema.shape.voucherNo)]} extra="国库集中支付凭证或银行回单编号">
              <Input maxLength={50} autoFocus />
            </Form.Item>
          ) : (
            <Form.Item name="reason" label={REASON_LABEL[target.step]} rules={[zodRule(REASON_RULE[target.step])]}>
              <Input.TextArea rows={3} maxLength={500} showCount autoFocus={target.step !== 'amend'} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
  return { run, dialog };
}
