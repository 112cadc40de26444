import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { EVALUATION_LEVELS, evaluateSchema, isDissatisfied, type EvaluateInput } from '#contract/evaluation.ts';
import { trimDeep } from '#contract/format.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { onlyFields, zodFormRule, zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';

type Values = Partial<Pick<EvaluateInput, 'level' | 'comment'>>;

export interface EvaluateModalProps {
  /** What is evaluated; null keeps the dialog closed. */
  target: { id: number; title: string } | null;
  /** The evaluate call of its domain (appeal or declaration). */
  url: string;
  /** Shown above the levels: what an unhappy evaluation leads to. */
  note?: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 好差评: the five national levels and a comment, required for 不满意 or worse. Nothing until it
 * first opens: a closed antd Modal still builds its Form and its hooks in every server render of
 * the lists, for a dialog most visits never open. Once opened it stays, to close with its animation.
 */
export function EvaluateModal(props: EvaluateModalProps) {
  const [opened, setOpened] = useState(false);
  if (props.target && !opened) setOpened(true);
  return opened || props.target ? <EvaluateDialog {...props} /> : null;
}

function EvaluateDialog({ target, url, note, onClose, onDone }: EvaluateModalProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const level = Form.useWatch('level', form);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values || !target) return;
    setSaving(true);
    try {
      await http.post(url, trimDeep({ id: target.id, level: values.level, comment: values.comment ?? null }), { silent: true });
      notify('success', '感谢您的评价');
      form.resetFields();
      onDone();
    } catch (err) {
      reportFormError(form, err, onlyFields(['level', 'comment']));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={!!target}
      title="评价"
      okText="提交评价"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {target && <p className="ent-muted">{target.title}</p>}
      {note && <Alert type="info" showIcon title={note} className="ent-form__restored" />}
      <Form<Values> form={form} layout="vertical" preserve={false}>
        <Form.Item name="level" label="满意程度" rules={[zodRule(evaluateSchema.shape.level)]}>
          <Radio.Group optionType="button" buttonStyle="solid" options={EVALUATION_LEVELS.map((l) => ({ label: l.text, value: l.level }))} />
        </Form.Item>
        <Form.Item
          name="comment"
          label={level && isDissatisfied(level) ? '不满意的原因' : '评价内容（选填）'}
          required={!!level && isDissatisfied(level)}
          dependencies={['level']}
          rules={[zodFormRule(evaluateSchema, 'comment', { id: target?.id ?? 0 })]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={level && isDissatisfied(level) ? '请说明哪里没有解决好，便于我们改进' : '您的意见和建议'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
