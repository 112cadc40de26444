import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import type { PhraseKind } from '#contract/phrase.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { PhraseTextArea } from './phrase-text-area.tsx';

export interface ReasonRequest {
  title: string;
  label: string;
  okText: string;
  /** The contract's rule for the reason (required, length), so the dialog says what the server would. */
  rule: z.ZodType;
  submit: (reason: string) => Promise<unknown>;
  /** The 常用语 offered beside the box (退回修改); none for a one-off reason. */
  phrases?: PhraseKind;
}

/**
 * A confirmation that needs a written reason (退回修改, 下线): the dialog stays open with the
 * message if the call fails, and closes when it succeeds.
 */
export function useReasonDialog() {
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  async function finish({ reason }: { reason: string }) {
    if (!request) return;
    setBusy(true);
    try {
      await request.submit(reason);
      setRequest(null);
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <Modal
      open={!!request}
      title={request?.title}
      okText={request?.okText}
      onOk={() => form.submit()}
      onCancel={() => setRequest(null)}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={finish} preserve={false}>
        <Form.Item name="reason" label={request?.label} rules={request ? [zodRule(request.rule)] : []}>
          {request?.phrases ? <PhraseTextArea kind={request.phrases} maxLength={200} /> : <Input.TextArea rows={4} maxLength={200} showCount autoFocus />}
        </Form.Item>
      </Form>
    </Modal>
  );
  return { ask: setRequest, dialog };
}
