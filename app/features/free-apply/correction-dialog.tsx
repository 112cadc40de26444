import { Alert, Form, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { correctionInputSchema } from '#contract/free-declare.ts';
import { trimDeep } from '#contract/format.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { onlyFields, zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';

export const CORRECTION_URL = '/admin/freeDeclareEnt/correction';

export interface CorrectionDialogProps {
  /** The 免申即享 row the correction is about; null keeps the dialog closed. */
  row: { id: number; projectName: string } | null;
  onClose: () => void;
  /** After the request is filed (the page reloads the row's correction list). */
  onFiled: () => void;
}

/** The dialog in its own antd provider: the public page loads this module only when 信息有误 is clicked. */
export default function LazyCorrectionDialog(props: CorrectionDialogProps) {
  return (
    <AntdProvider>
      <CorrectionDialog {...props} />
    </AntdProvider>
  );
}

/** "信息有误": tell the bureau what in the imported data is wrong; the receipt number comes back. */
export function CorrectionDialog({ row, onClose, onFiled }: CorrectionDialogProps) {
  const [form] = Form.useForm<{ content?: string }>();
  const [saving, setSaving] = useState(false);
  const [receiptNo, setReceiptNo] = useState<string | null>(null);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values || !row) return;
    setSaving(true);
    try {
      const res = await http.post<{ receiptNo: string }>(CORRECTION_URL, trimDeep({ freeDeclareEntId: row.id, content: values.content }), { silent: true });
      setReceiptNo(res.receiptNo);
      onFiled();
    } catch (err) {
      reportFormError(form, err, onlyFields(['content']));
    } finally {
      setSaving(false);
    }
  }

  function close() {
    setReceiptNo(null);
    form.resetFields();
    onClose();
  }

  return (
    <Modal
      open={!!row}
      title="信息有误，申请更正"
      okText={receiptNo ? '知道了' : '提交'}
      cancelText="取消"
      cancelButtonProps={{ style: receiptNo ? { display: 'none' } : undefined }}
      confirmLoading={saving}
      onOk={receiptNo ? close : submit}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      {receiptNo ? (
        <Result
          status="success"
          title="更正申请已提交"
          subTitle={
            <>
              回执编号 <strong data-testid="correction-receipt">{receiptNo}</strong>。工作人员核实后会与您联系，并更新认定信息。
            </>
          }
        />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            className="ent-form__restored"
            title={`项目：${row?.projectName ?? ''}。请写明哪项信息有误、正确的情况是什么，如有证明材料请一并说明。`}
          />
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item name="content" label="有误的信息及正确情况" rules={[zodRule(correctionInputSchema.shape.content)]}>
              <Input.TextArea
                rows={5}
                maxLength={1000}
                showCount
                placeholder="例如：2025 年度营业收入应为 3,560 万元，而非 2,860 万元，以经审计的财务报表为准。"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
