import { Alert, Button, Checkbox, Descriptions, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { freeDeclareSaveSchema, type FreeDeclareEnt, type FreeDeclareSaveInput } from '#contract/free-declare.ts';
import { formatAmount, formatDateTime, trimDeep } from '#contract/format.ts';
import { DoneResult } from '#app/components/done-result.tsx';
import { confirm } from '#app/lib/feedback.ts';
import { useFormDraft } from '#app/lib/form-draft.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { onlyFields, zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';
import { CorrectionDialog } from './correction-dialog.tsx';
import { EligibilityReasons } from './eligibility.tsx';

/** The contract's confirmation as it is filled in, and the tick that it was checked. */
type Values = Partial<Omit<FreeDeclareSaveInput, 'freeDeclareEntId'>> & { checked?: boolean };

const FIELDS = ['contactName', 'contactPhone', 'bankName', 'bankAccount', 'remark'] as const;
const s = freeDeclareSaveSchema.shape;

/**
 * 免申即享 confirmation: the enterprise checks what the bureau recorded, gives the receiving bank
 * account and a contact, and confirms. Wrong data goes to "信息有误" instead.
 */
export function ConfirmForm({ row, contact }: { row: FreeDeclareEnt; contact: { contactName: string | null; contactPhone: string | null } | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The confirmation tick is not kept: it is given anew each time.
  const draft = useFormDraft(form, `free-confirm:${row.id}`, { fields: FIELDS });
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState(false);

  async function submit(values: Values) {
    const sure = await confirm(`确认“${row.project.name}”的兑付信息无误？确认后资金将拨付至所填账户。`, { okText: '确认' });
    if (!sure) return;
    setSaving(true);
    try {
      await http.post('/admin/freeDeclareEnt/save', trimDeep({ freeDeclareEntId: row.id, ...Object.fromEntries(FIELDS.map((k) => [k, values[k] ?? null])) }), {
        silent: true,
      });
      draft.clear();
      const status = await http.get<{ confirmed: boolean; statusText: string }>('/admin/freeDeclareEnt/confirm/status', { freeDeclareEntId: row.id });
      setDone(status.statusText);
      window.scrollTo({ top: 0 });
      // The page's status tag and the row itself now show the confirmed state.
      void revalidator.revalidate();
    } catch (err) {
      reportFormError(form, err, onlyFields(FIELDS));
    } finally {
      setSaving(false);
    }
  }

  const facts = (
    <Descriptions
      bordered
      column={2}
      size="middle"
      items={[
        { key: 'p', label: '政策项目', span: 2, children: row.project.name },
        { key: 'd', label: '主管部门', children: row.project.department },
        { key: 'a', label: '兑付金额', children: <strong className="free-amount">{formatAmount(row.amount)}</strong> },
        { key: 'n', label: '企业名称', children: row.enterpriseName },
        { key: 'u', label: '统一社会信用代码', children: row.uscc },
      ]}
    />
  );

  if (done) {
    return (
      <DoneResult
        title="已确认"
        subTitle={`当前状态：${done}。资金拨付后会在“我的申报与免申即享”中显示。`}
        extra={[
          <Button key="mine" type="primary" onClick={() => navigate('/user/free-apply')}>
            查看我的免申即享
          </Button>,
        ]}
      />
    );
  }

  return (
    <div className="free-confirm">
      <h2 className="ent-form__section">核对认定信息</h2>
      {facts}
      <h3 className="free-confirm__sub">认定依据</h3>
      <EligibilityReasons reasons={row.reasons} />
      <p className="free-confirm__wrong">
        信息与实际不符？
        <Button type="link" onClick={() => setCorrecting(true)}>
          信息有误，申请更正
        </Button>
      </p>
      {row.corrections.length > 0 && (
        <Alert
          type="info"
          showIcon
          className="ent-form__restored"
          title="已提交的更正申请"
          description={
            <ul className="free-confirm__corrections">
              {row.corrections.map((c) => (
                <li key={c.receiptNo}>
                  {formatDateTime(c.createdAt)} 回执编号 {c.receiptNo}：{c.content}
                  <div>{c.reply ? `答复（${formatDateTime(c.repliedAt)}）：${c.reply}` : '待答复（5 个工作日内）'}</div>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {row.returnReason && <Alert type="warning" showIcon className="ent-form__restored" title={`收款信息有误，已退回：${row.returnReason}`} description="请修改收款账户后重新确认。" />}
      {row.canConfirm ? (
        <Form<Values>
          form={form}
          layout="vertical"
          className="ent-form"
          initialValues={{
            contactName: row.contactName ?? contact?.contactName ?? undefined,
            contactPhone: row.contactPhone ?? contact?.contactPhone ?? undefined,
            bankName: row.bankName ?? undefined,
            bankAccount: row.bankAccount ?? undefined,
            remark: row.remark ?? undefined,
          }}
          onValuesChange={draft.keep}
          onFinish={submit}
        >
          <h2 className="ent-form__section">收款账户与联系人</h2>
          <div className="ent-form__row">
            <Form.Item name="bankName" label="开户银行" rules={[zodRule(s.bankName)]}>
              <Input maxLength={100} placeholder="如：中国工商银行上海自贸试验区分行" />
            </Form.Item>
            <Form.Item name="bankAccount" label="银行账号" rules={[zodRule(s.bankAccount)]} extra="须为本企业对公账户">
              <Input maxLength={40} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="contactName" label="联系人" rules={[zodRule(s.contactName)]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="contactPhone" label="联系电话" rules={[zodRule(s.contactPhone)]}>
              <Input maxLength={20} />
            </Form.Item>
          </div>
          <Form.Item name="remark" label="备注（选填）" rules={[zodRule(s.remark)]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Form.Item
            name="checked"
            valuePropName="checked"
            rules={[
              {
                validator: async (_r, v) => {
                  if (!v) throw new Error('请先核对以上信息并勾选确认');
                },
              },
            ]}
          >
            <Checkbox>我已核对以上认定信息和收款账户，确认无误</Checkbox>
          </Form.Item>
          <div className="ent-form__actions">
            <Button type="primary" size="large" htmlType="submit" loading={saving}>
              确认
            </Button>
          </div>
        </Form>
      ) : row.status === 'cancelled' ? (
        <Alert type="warning" showIcon className="declare-review__block" title="当前状态：已取消" description={`取消原因：${row.cancelReason ?? '-'}。如有疑问，可点击“信息有误，申请更正”反馈。`} />
      ) : (
        <Alert
          type="success"
          showIcon
          className="declare-review__block"
          title={`当前状态：${row.statusText}`}
          description={
            row.confirmedAt
              ? `已于 ${formatDateTime(row.confirmedAt)} 确认，收款账户 ${row.bankName ?? ''} ${row.bankAccount ?? ''}${row.paidAt ? `，已于 ${formatDateTime(row.paidAt)} 兑付${row.voucherNo ? `（凭证号 ${row.voucherNo}）` : ''}` : ''}。`
              : '该记录无需确认。'
          }
        />
      )}
      {row.timeline.length > 0 && (
        <>
          <h3 className="free-confirm__sub">办理经过</h3>
          <ol className="free-confirm__steps">
            {row.timeline.map((e, i) => (
              <li key={i}>
                {formatDateTime(e.at)} {e.actor} {e.actionText}
                {e.note ? `：${e.note}` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
      <CorrectionDialog
        row={correcting ? { id: row.id, projectName: row.project.name } : null}
        onClose={() => setCorrecting(false)}
        onFiled={() => void revalidator.revalidate()}
      />
    </div>
  );
}
