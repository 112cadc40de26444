import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { answerObjectionSchema, OBJECTION_RESULT, OBJECTION_RESULTS, type ObjectionItem, type ObjectionResult } from '#contract/proclamation.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodFormRule } from '#app/lib/form-rules.ts';

interface Values {
  result: ObjectionResult;
  reply: string;
}

/** 答复异议: the finding (成立 / 不成立) and a reply the objector reads on the 公示's page. */
export function AnswerObjectionDialog({ objection, onClose, onDone }: { objection: ObjectionItem | null; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const rule = (path: string) => zodFormRule(answerObjectionSchema, path, { id: objection?.id });

  async function finish(values: Values) {
    if (!objection) return;
    setBusy(true);
    try {
      await consoleHttp.post('proclamation/objection/answer', { id: objection.id, ...values }, { silent: true });
      notify('success', '答复已发送给异议人');
      onDone();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={!!objection} title={`答复异议 ${objection?.receiptNo ?? ''}`} okText="发送答复" onOk={() => form.submit()} onCancel={onClose} confirmLoading={busy} destroyOnHidden width={640}>
      {objection && <p className="console-pre">{objection.reason}</p>}
      <Form form={form} layout="vertical" onFinish={finish} preserve={false}>
        <Form.Item name="result" label="核查结论" rules={[rule('result')]}>
          <Radio.Group options={OBJECTION_RESULTS.map((r) => ({ value: r, label: OBJECTION_RESULT[r] }))} />
        </Form.Item>
        <Form.Item name="reply" label="答复内容" rules={[rule('reply')]}>
          <Input.TextArea rows={5} maxLength={2000} showCount placeholder="写明核查经过和结论，异议人将看到这段答复" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
