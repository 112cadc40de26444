import { Button, Form, InputNumber, Radio } from 'antd';
import { useState } from 'react';
import { DECLARE_REVIEW_RESULT, DECLARE_REVIEW_RESULTS, reviewInputSchema, type DeclareReviewResult, type ReviewDetail } from '#contract/declare-ent.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { PhraseTextArea } from '#app/features/console/phrase-text-area.tsx';
import { confirm } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodFormRule } from '#app/lib/form-rules.ts';

interface Values {
  result?: DeclareReviewResult;
  amountApproved?: number | null;
  note?: string;
}

/** What the confirmation says before a decision is sent: the amount, and who will be told how. */
function consequence(d: ReviewDetail, v: Values): { title: string; content: string; okText: string } {
  const told = `“${d.enterpriseName}”将收到站内消息和短信。`;
  if (v.result === 'approved') {
    const asked = d.amountApplied !== null ? `（申请 ${d.amountApplied} 万元）` : '';
    return { title: '确认审核通过', content: `核定金额 ${v.amountApproved ?? 0} 万元${asked}。${told}通过后进入公示名单，不能再改为退回。`, okText: '确认通过' };
  }
  if (v.result === 'returned') return { title: '确认退回修改', content: `退回后企业可在 5 个工作日内修改并重新提交。${told}`, okText: '确认退回' };
  return { title: '确认不予通过', content: `不予通过后该申报办结，企业不能再修改提交。${told}`, okText: '确认不予通过' };
}

/**
 * The reviewer's decision: 审核通过 with the amount granted (at most what was asked and the
 * project's cap), 退回修改 or 不予通过 with a note. Nothing is chosen beforehand, and a
 * confirmation states the amount and who will be told before anything is sent. The contract's
 * schema checks the fields here as the server does; the server adds the two bounds.
 */
export function ReviewForm({ declaration, onDone }: { declaration: ReviewDetail; onDone: (what: string) => void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const result = Form.useWatch('result', form);
  const rule = (path: string) => zodFormRule(reviewInputSchema, path, { id: declaration.id });
  const limits = [declaration.amountApplied !== null && `申请金额 ${declaration.amountApplied} 万元`, declaration.project.amountMax !== null && `项目上限 ${declaration.project.amountMax} 万元`]
    .filter(Boolean)
    .join('，');

  async function finish(values: Values) {
    const said = consequence(declaration, values);
    if (!(await confirm(said.content, { title: said.title, okText: said.okText, type: values.result === 'approved' ? 'confirm' : 'warning' }))) return;
    setBusy(true);
    try {
      await consoleHttp.post('declare-ent/review', { id: declaration.id, ...values, amountApproved: values.result === 'approved' ? values.amountApproved : null }, { silent: true });
      onDone('审核结果已保存，企业已收到通知');
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={finish}
      // A refusal from the server (an amount above the one asked for) no longer holds once the field changes.
      onValuesChange={(changed: Partial<Values>) => form.setFields((Object.keys(changed) as (keyof Values)[]).map((name) => ({ name, errors: [] })))}
      // No result chosen for the reviewer; the amount asked for is there once 审核通过 is chosen.
      initialValues={{ amountApproved: declaration.amountApplied }}
      aria-label="审核申报"
    >
      <Form.Item name="result" label="审核结果" rules={[rule('result')]}>
        <Radio.Group optionType="button" buttonStyle="solid" options={DECLARE_REVIEW_RESULTS.map((r) => ({ value: r, label: DECLARE_REVIEW_RESULT[r] }))} />
      </Form.Item>
      {result === 'approved' && (
        <Form.Item name="amountApproved" label="核定金额（万元）" extra={limits ? `不超过${limits}` : undefined} rules={[rule('amountApproved')]}>
          <InputNumber min={0} step={1} style={{ width: 200 }} suffix="万元" />
        </Form.Item>
      )}
      <Form.Item name="note" label={result === 'approved' ? '审核意见（选填）' : '审核意见'} rules={[rule('note')]}>
        <PhraseTextArea kind={result === 'approved' ? 'accept' : 'return'} maxLength={1000} placeholder={result === 'returned' ? '请写明需要企业修改或补充的内容' : undefined} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        提交审核结果
      </Button>
    </Form>
  );
}
