import { Alert, Button, Form, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.evaluation';
import {
  FOLLOW_UP_TABS,
  followUpFeedbackSchema,
  followUpQueryOf,
  followUpSearchSchema,
  followUpVerifySchema,
  type FollowUpItem,
} from '#contract/appeal-follow-up.ts';
import { formatDateTime } from '#contract/format.ts';
import { reportConflict } from '#app/features/console-appeal/conflict.ts';
import appealStyles from '#app/features/console-appeal/console-appeal.css?url';
import { DueCell } from '#app/features/console/deadline-flag.tsx';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { useRowQueueNext } from '#app/features/console/queue-next.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: appealStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '差评整改 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, 'evaluation:follow-up');
  const search = parseSearch(followUpSearchSchema, consoleListParams(args.url));
  return { page: await args.context.services.followUps.list(staff, followUpQueryOf(search)), search };
}

type Step = 'verify' | 'feedback';
const STEPS: Record<Step, { title: string; ok: string; done: string }> = {
  verify: { title: '核实差评', ok: '记录核实情况', done: '核实情况已记录' },
  feedback: { title: '整改反馈', ok: '发送给企业', done: '整改反馈已发送，企业可重新评价' },
};

/**
 * 差评整改: every 不满意 or 非常不满意 rating opens one. Verify what went wrong (staff only), then
 * feed back to the enterprise within 5 working days, which resolves the appeal again and lets the
 * enterprise rate anew. Open ones first, the most urgent on top, each with its 超期 / 临期 flag.
 */
export default function FollowUpList({ loaderData }: Route.ComponentProps) {
  const { page, search } = loaderData;
  const list = useListUrl();
  const step = useConsoleForm<{ step: Step; row: FollowUpItem }, { verification?: string; feedback?: string }>(async (values, { step, row }) => {
    try {
      await consoleHttp.post(`evaluation/${step}`, { ...values, id: row.id }, { silent: true });
      queue.acted(row, STEPS[step].done);
    } catch (err) {
      // Someone else answered it first: the form closes and the list shows where it stands now.
      if (reportConflict(err)) return;
      throw err;
    }
  });
  const target = step.editing;
  // 下一条: the next rating on the list that still waits for 核实 or 整改反馈.
  const queue = useRowQueueNext({
    rows: page.records,
    page,
    canAct: (r) => r.status !== 'fed_back',
    open: (r) => step.open({ step: r.status === 'open' ? 'verify' : 'feedback', row: r }),
  });

  return (
    <ConsolePage title="差评整改" extra={queue.toggle}>
      {queue.bar}
      <Tabs activeKey={search.tab} onChange={(tab) => list.search({ tab: tab === 'all' ? null : tab })} items={Object.entries(FOLLOW_UP_TABS).map(([key, label]) => ({ key, label }))} />
      <ListFilters values={{ keyword: search.keyword }} onSearch={list.search}>
        <Form.Item name="keyword">
          <Input placeholder="诉求标题或企业名称" allowClear style={{ width: 240 }} />
        </Form.Item>
      </ListFilters>
      <Table<FollowUpItem>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        rowClassName={(r) => (r.overdue ? 'work-order-queue__row--late' : '')}
        columns={[
          {
            title: '诉求',
            render: (_, r) => (
              <>
                <Link to={`/console/appeal/${r.appealId}`} className="work-order-queue__title">
                  {r.appealTitle}
                </Link>
                <span className="console-muted">
                  {r.enterpriseName}
                  {r.departmentName ? ` · ${r.departmentName}承办` : ''}
                </span>
              </>
            ),
          },
          {
            title: '企业评价',
            width: 280,
            render: (_, r) => (
              <>
                <Tag color="error">{r.evaluationLevelText}</Tag>
                <span className="console-muted">{formatDateTime(r.createdAt)}</span>
                {r.evaluationComment && <div className="console-pre">{r.evaluationComment}</div>}
              </>
            ),
          },
          { title: '状态', width: 90, render: (_, r) => <Tag color={r.status === 'fed_back' ? 'success' : r.status === 'verified' ? 'processing' : 'warning'}>{r.statusText}</Tag> },
          {
            title: '反馈时限',
            width: 200,
            render: (_, r) => (r.fedBackAt ? <span className="console-muted">{formatDateTime(r.fedBackAt)} 已反馈</span> : <DueCell dueAt={r.dueAt} overdue={r.overdue} dueSoon={r.dueSoon} />),
          },
          {
            title: '操作',
            width: 170,
            render: (_, r) => (
              <Space size={0}>
                {r.status === 'open' && (
                  <Button type="link" size="small" onClick={() => step.open({ step: 'verify', row: r })}>
                    核实
                  </Button>
                )}
                {r.status !== 'fed_back' && (
                  <Button type="link" size="small" onClick={() => step.open({ step: 'feedback', row: r })}>
                    整改反馈
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!target}
        title={target ? `${STEPS[target.step].title}：${target.row.appealTitle}` : ''}
        okText={target ? STEPS[target.step].ok : '确定'}
        onOk={() => step.form.submit()}
        onCancel={step.close}
        confirmLoading={step.busy}
        width={640}
        destroyOnHidden
      >
        {target && (
          <Form form={step.form} layout="vertical" onFinish={step.save} preserve={false}>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`企业评价：${target.row.evaluationLevelText}`}
              description={target.row.evaluationComment ?? '（企业未填写原因）'}
            />
            {target.step === 'verify' ? (
              <Form.Item name="verification" label="核实情况（仅内部可见；企业看到已核实）" rules={[zodRule(followUpVerifySchema.shape.verification)]}>
                <Input.TextArea rows={5} maxLength={1000} showCount />
              </Form.Item>
            ) : (
              <>
                {target.row.verification && <p className="console-muted">核实情况：{target.row.verification}</p>}
                <Form.Item name="feedback" label="整改反馈（发送给企业，诉求重新办结，企业可再次评价）" rules={[zodRule(followUpFeedbackSchema.shape.feedback)]}>
                  <Input.TextArea rows={6} maxLength={2000} showCount />
                </Form.Item>
              </>
            )}
          </Form>
        )}
      </Modal>
    </ConsolePage>
  );
}
