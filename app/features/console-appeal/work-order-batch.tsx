import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { WORK_ORDER_BATCH_ACTIONS, WORK_ORDER_BATCH_MAX, workOrderBatchSchema, type WorkOrderBatchAction, type WorkOrderBatchResult } from '#contract/appeal.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';

interface Props {
  selected: number[];
  departments: { value: number; label: string }[];
  /** After the call: clear the selection and reload the list. */
  onDone: () => void;
}

/**
 * 批量受理 / 批量转办 above the work-order list (docs/console.md "Tables"): the chosen work orders
 * go through the same step one by one on the server; the report lists per work order what was done
 * and, for the rest, why not (already accepted by someone else, not yours to move ...).
 */
export function WorkOrderBatch({ selected, departments, onDone }: Props) {
  const { modal } = App.useApp();
  const [action, setAction] = useState<WorkOrderBatchAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ departmentId?: number; note?: string }>();
  const verb = action ? WORK_ORDER_BATCH_ACTIONS[action] : '';

  const report = (result: WorkOrderBatchResult, msg: string) =>
    modal.info({
      title: msg,
      width: 640,
      okText: '知道了',
      content: (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={result.results}
          columns={[
            { title: '编号', dataIndex: 'id', width: 70 },
            { title: '诉求', dataIndex: 'title', ellipsis: { showTitle: true }, render: (t: string | null) => t ?? '-' },
            { title: '结果', width: 90, render: (_, r) => (r.done ? <Tag color="success">已{verb}</Tag> : <Tag color="error">未{verb}</Tag>) },
            { title: '说明', dataIndex: 'message', width: 220 },
          ]}
        />
      ),
    });

  async function submit(values: { departmentId?: number; note?: string }) {
    if (!action) return;
    setBusy(true);
    try {
      const result = await consoleHttp.post<WorkOrderBatchResult>('appeal/batch', { action, ids: selected, ...values }, { silent: true });
      const msg = result.refused ? `已${verb} ${result.done} 件，${result.refused} 件未能${verb}` : `已${verb} ${result.done} 件`;
      setAction(null);
      form.resetFields();
      report(result, msg);
      onDone();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  const tooMany = selected.length > WORK_ORDER_BATCH_MAX;
  return (
    <>
      <Space className="work-order-batch" aria-live="polite">
        <span>已选 {selected.length} 件</span>
        <Button type="primary" disabled={!selected.length || tooMany} onClick={() => setAction('accept')}>
          批量受理
        </Button>
        <Button disabled={!selected.length || tooMany} onClick={() => setAction('assign')}>
          批量转办
        </Button>
        {tooMany && <span className="console-muted">一次最多处理 {WORK_ORDER_BATCH_MAX} 件</span>}
      </Space>
      <Modal
        open={action !== null}
        title={`批量${verb} ${selected.length} 件诉求`}
        okText={`确定${verb}`}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={action === 'accept' ? '逐件受理，企业将分别收到受理通知；已被他人处理的工单会列出原因，不受影响。' : '逐件转交所选部门，部门须在 1 个工作日内签收；不能转办的工单会列出原因。'}
        />
        <Form form={form} layout="vertical" onFinish={submit}>
          {action === 'assign' && (
            <Form.Item name="departmentId" label="承办部门" rules={[{ required: true, message: '请选择承办部门' }]}>
              <Select options={departments} placeholder="请选择承办部门" showSearch optionFilterProp="label" />
            </Form.Item>
          )}
          <Form.Item name="note" label={action === 'accept' ? '受理意见（企业可见，可不填）' : '转办说明（可不填）'} rules={[zodRule(workOrderBatchSchema.shape.note)]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
