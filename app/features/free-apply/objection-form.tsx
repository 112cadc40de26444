import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { formatDeadline, trimDeep } from '#contract/format.ts';
import { objectionInputSchema, type ObjectionInput } from '#contract/proclamation.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { onlyFields, zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';
import { UploadField, useUploadsBusy } from '#app/components/upload/upload-field.tsx';

export const OBJECTION_URL = '/uaa/api/customer/declare/proclamation/objection';

type Values = Partial<Pick<ObjectionInput, 'reason' | 'attachments'>>;

export interface ObjectionFormProps {
  proclamationId: number;
  objectionEndAt: string;
  enterpriseName: string | null;
}

/** The form in its own antd provider: the public page loads this module only for a signed-in enterprise. */
export default function LazyObjectionForm(props: ObjectionFormProps) {
  return (
    <AntdProvider>
      <ObjectionForm {...props} />
    </AntdProvider>
  );
}

/**
 * A real-name objection to a proclamation, while its period is open. Objections are never shown
 * publicly; the enterprise keeps the receipt number.
 */
function ObjectionForm({
  proclamationId,
  objectionEndAt,
  enterpriseName,
}: ObjectionFormProps) {
  const [form] = Form.useForm<Values>();
  const uploads = useUploadsBusy();
  const [saving, setSaving] = useState(false);
  const [receiptNo, setReceiptNo] = useState<string | null>(null);

  if (receiptNo) {
    return (
      <Result
        status="success"
        title="异议已提交"
        subTitle={
          <>
            回执编号 <strong data-testid="objection-receipt">{receiptNo}</strong>，请妥善保存。工作人员将在核实后与您联系，异议内容不会公开。
          </>
        }
      />
    );
  }

  async function submit(values: Values) {
    if (uploads.busy()) return notify('warning', '附件还在上传，请等上传完成后再提交');
    setSaving(true);
    try {
      const res = await http.post<{ receiptNo: string }>(
        OBJECTION_URL,
        trimDeep({ proclamationId, reason: values.reason, attachments: values.attachments ?? [] }),
        { silent: true },
      );
      setReceiptNo(res.receiptNo);
    } catch (err) {
      reportFormError(form, err, onlyFields(['reason', 'attachments']));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} className="ent-form">
      <Alert
        type="warning"
        showIcon
        className="ent-form__restored"
        title={`异议期至 ${formatDeadline(objectionEndAt)}。异议以${enterpriseName ? `“${enterpriseName}”` : '贵企业'}名义实名提出，请如实陈述事实并提供依据；异议内容不公开。`}
      />
      <Form.Item name="reason" label="异议理由" rules={[zodRule(objectionInputSchema.shape.reason)]}>
        <Input.TextArea rows={5} maxLength={2000} showCount placeholder="请写明对哪家企业或哪项内容有异议，以及事实和依据（至少 10 个字）" />
      </Form.Item>
      <Form.Item name="attachments" label="证明材料（选填）">
        <UploadField onBusyChange={uploads.track('attachments')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        提交异议
      </Button>
    </Form>
  );
}
