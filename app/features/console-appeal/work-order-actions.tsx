import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import {
  APPEAL_MAX_EXTENSION_DAYS,
  WORK_ORDER_STEP_SCHEMAS as STEP,
  type WorkOrderAction,
  type WorkOrderDetail,
} from '#contract/appeal.console.ts';
import { UploadField } from '#app/components/upload/upload-field.tsx';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { consoleUploader } from '#app/features/console/console-upload.ts';
import { PhraseTextArea } from '#app/features/console/phrase-text-area.tsx';
import { confirm, notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodFormRule, zodRule } from '#app/lib/form-rules.ts';
import { reportConflict } from './conflict.ts';

interface Spec {
  /** The button, and the dialog's title unless `title` says more. */
  label: string;
  title?: string;
  kind?: 'primary' | 'danger';
  /** A step without fields only asks to be sure. */
  confirm?: string;
  done: string;
}

/** The steps in the order the buttons show them: the next step first, the refusals last. */
const SPECS: Record<WorkOrderAction, Spec> = {
  accept: { label: '受理', kind: 'primary', done: '已受理，企业已收到通知' },
  sign: { label: '签收', kind: 'primary', confirm: '签收后由本部门负责办理，并在答复时限内答复企业。确定签收？', done: '已签收' },
  'extend-decide': { label: '审批延期', kind: 'primary', done: '延期申请已审批' },
  reply: { label: '答复办结', kind: 'primary', title: '答复企业并办结', done: '已答复办结，企业已收到通知' },
  revisit: { label: '回访', kind: 'primary', title: '记录回访情况', done: '回访已记录' },
  assign: { label: '转办', title: '转交承办部门', done: '已转办，承办部门须在 1 个工作日内签收' },
  extend: { label: '申请延期', title: '申请延长办理期限', done: '延期申请已提交，等待受理员审批' },
  urge: { label: '督办', title: '督促承办部门', done: '已督办' },
  note: { label: '内部备注', title: '添加内部备注', done: '备注已保存' },
  reject: { label: '不予受理', kind: 'danger', done: '已不予受理，企业已收到通知' },
  unpublish: { label: '不予公开', kind: 'danger', title: '从公开诉求中移除', done: '已从公开诉求中移除' },
};
const ORDER = Object.keys(SPECS) as WorkOrderAction[];

const textArea = (max: number, placeholder?: string) => <Input.TextArea rows={4} maxLength={max} showCount placeholder={placeholder} />;

/** The fields of each step's dialog, with the contract's rules (the server says the same). */
function Fields({ action, order, departments, onUploading }: { action: WorkOrderAction; order: WorkOrderDetail; departments: { value: number; label: string }[]; onUploading: (busy: boolean) => void }) {
  switch (action) {
    case 'accept':
      return (
        <Form.Item name="note" label="受理意见（企业可见，可不填）" rules={[zodRule(STEP.accept.shape.note)]}>
          <PhraseTextArea kind="accept" maxLength={500} />
        </Form.Item>
      );
    case 'reject':
      return (
        <Form.Item name="reason" label="不予受理的理由（将告知企业）" rules={[zodRule(STEP.reject.shape.reason)]}>
          <PhraseTextArea kind="return" maxLength={500} placeholder="如：不属于本局职责范围，请向区市场监管局反映" />
        </Form.Item>
      );
    case 'assign':
      return (
        <>
          <Form.Item name="departmentId" label="承办部门" rules={[zodRule(STEP.assign.shape.departmentId)]}>
            <Select options={departments.filter((d) => d.value !== order.departmentId || !!order.signedAt)} placeholder="请选择" showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="note" label="转办说明（企业可见，可不填）" rules={[zodRule(STEP.assign.shape.note)]}>
            {textArea(500)}
          </Form.Item>
        </>
      );
    case 'extend':
      return (
        <>
          <Alert type="info" showIcon title={`每件诉求只能申请一次延期，最多 ${APPEAL_MAX_EXTENSION_DAYS} 个工作日，从原答复时限起算；由受理员审批。`} style={{ marginBottom: 16 }} />
          <Form.Item name="days" label="延长的工作日数" rules={[zodRule(STEP.extend.shape.days)]}>
            <InputNumber min={1} max={APPEAL_MAX_EXTENSION_DAYS} precision={0} suffix="个工作日" />
          </Form.Item>
          <Form.Item name="reason" label="延期理由（批准后告知企业）" rules={[zodRule(STEP.extend.shape.reason)]}>
            {textArea(500)}
          </Form.Item>
        </>
      );
    case 'extend-decide':
      return (
        <>
          <Alert type="info" showIcon title={`${order.departmentName ?? '承办部门'}申请延长 ${order.extensionDays} 个工作日`} description={order.extensionReason} style={{ marginBottom: 16 }} />
          <Form.Item name="approved" label="审批结果" rules={[zodRule(STEP['extend-decide'].shape.approved)]}>
            <Radio.Group
              options={[
                { value: true, label: '批准延期' },
                { value: false, label: '不批准' },
              ]}
            />
          </Form.Item>
          <Form.Item name="note" label="审批意见（不批准时必填，仅内部可见）" dependencies={['approved']} rules={[zodFormRule(STEP['extend-decide'], 'note', { id: order.id })]}>
            {textArea(500)}
          </Form.Item>
        </>
      );
    case 'urge':
      return (
        <Form.Item name="note" label="督办意见（仅内部可见；企业只看到已督办）" rules={[zodRule(STEP.urge.shape.note)]}>
          {textArea(500)}
        </Form.Item>
      );
    case 'note':
      return (
        <Form.Item name="content" label="备注内容（企业看不到）" rules={[zodRule(STEP.note.shape.content)]}>
          {textArea(2000)}
        </Form.Item>
      );
    case 'reply':
      return (
        <>
          <Form.Item name="reply" label="答复内容（企业可见）" rules={[zodRule(STEP.reply.shape.reply)]}>
            <PhraseTextArea kind="reply" rows={8} maxLength={2000} />
          </Form.Item>
          <Form.Item name="attachments" label="答复附件（可不传）" rules={[zodRule(STEP.reply.shape.attachments)]}>
            <UploadField send={consoleUploader('appeal/upload')} onBusyChange={onUploading} />
          </Form.Item>
        </>
      );
    case 'revisit':
      return (
        <Form.Item name="note" label="回访情况（企业可见）" rules={[zodRule(STEP.revisit.shape.note)]}>
          {textArea(500, '如：已电话回访，企业表示问题已解决')}
        </Form.Item>
      );
    case 'unpublish':
      return (
        <Form.Item name="reason" label="不予公开的理由（将告知企业）" rules={[zodRule(STEP.unpublish.shape.reason)]}>
          {textArea(500, '如：内容涉及企业经营信息')}
        </Form.Item>
      );
    default:
      return null;
  }
}

/**
 * The buttons of a work order: only the steps the server says this person may take now
 * (`actions`), each with its dialog. When someone else moved the order first (409), the page says
 * so and reloads the current state.
 */
export function WorkOrderActions({ order, departments, reload, onActed }: { order: WorkOrderDetail; departments: { value: number; label: string }[]; reload: () => void; onActed?: (done: string) => void }) {
  const [form] = Form.useForm();
  const [open, setOpen] = useState<WorkOrderAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function send(action: WorkOrderAction, values: object) {
    try {
      await consoleHttp.post(`appeal/${action}`, { ...values, id: order.id }, { silent: true });
      setOpen(null);
      reload();
      // The page's 下一条 bar says what was done, when it has one.
      if (onActed) onActed(SPECS[action].done);
      else notify('success', SPECS[action].done);
    } catch (err) {
      if (reportConflict(err)) {
        setOpen(null);
        reload();
      } else {
        reportFormError(form, err);
      }
    }
  }

  async function start(action: WorkOrderAction) {
    const spec = SPECS[action];
    if (spec.confirm) {
      if (await confirm(spec.confirm, { title: spec.label })) await send(action, {});
      return;
    }
    form.resetFields();
    setOpen(action);
  }

  async function finish(values: object) {
    if (!open) return;
    if (uploading) {
      notify('warning', '附件还在上传，请稍候');
      return;
    }
    setBusy(true);
    try {
      await send(open, values);
    } finally {
      setBusy(false);
    }
  }

  const mine = ORDER.filter((a) => order.actions.includes(a));
  if (!mine.length) return null;
  return (
    <>
      <Space wrap>
        {mine.map((a) => (
          <Button key={a} type={SPECS[a].kind === 'primary' ? 'primary' : 'default'} danger={SPECS[a].kind === 'danger'} onClick={() => void start(a)}>
            {SPECS[a].label}
          </Button>
        ))}
      </Space>
      <Modal
        open={!!open}
        title={open ? (SPECS[open].title ?? SPECS[open].label) : ''}
        okText={open ? SPECS[open].label : '确定'}
        okButtonProps={{ danger: !!open && SPECS[open].kind === 'danger' }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(null)}
        confirmLoading={busy}
        width={open === 'reply' ? 720 : 560}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={finish} preserve={false}>
          {open && <Fields action={open} order={order} departments={departments} onUploading={setUploading} />}
        </Form>
      </Modal>
    </>
  );
}
