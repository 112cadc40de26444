import { Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import type { Route } from './+types/console.free-declare.corrections';
import { formatDateTime, formatDeadline } from '#contract/format.ts';
import { CORRECTION_STATUS, correctionAnswerSchema, correctionQuerySchema, type CorrectionItem, type CorrectionStatus } from '#contract/free-declare-ent.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useRowQueueNext } from '#app/features/console/queue-next.tsx';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import freeStyles from '#app/features/console-free/console-free.css?url';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: freeStyles }];
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '信息有误反馈 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'free-declare:manage');
  const query = parseSearch(correctionQuerySchema, consoleListParams(args.url));
  return { page: await args.context.services.freeDeclareEntConsole.corrections(query), query };
}

const STATUS_OPTIONS = (Object.keys(CORRECTION_STATUS) as CorrectionStatus[]).map((value) => ({ value, label: CORRECTION_STATUS[value] }));

/** 信息有误: what enterprises say is wrong on their rows, answered within 5 working days. */
export default function ConsoleFreeCorrections({ loaderData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const list = useListUrl();
  const answer = useConsoleForm<CorrectionItem, { reply: string }>(async ({ reply }, c) => {
    await consoleHttp.post('free-declare/correction/answer', { id: c.id, reply }, { silent: true });
    queue.acted(c, '已答复，企业将收到通知');
  });
  // 下一条: the next feedback on the list still waiting for an answer.
  const queue = useRowQueueNext({ rows: page.records, page, canAct: (c) => c.status === 'received', open: (c) => answer.open(c) });

  return (
    <ConsolePage title="信息有误反馈" extra={queue.toggle}>
      {queue.bar}
      <ListFilters values={{ status: query.status, overdue: query.overdue === undefined ? undefined : String(query.overdue) }} onSearch={list.search}>
        <Form.Item name="status">
          <Select placeholder="状态" allowClear style={{ width: 120 }} options={STATUS_OPTIONS} aria-label="状态" />
        </Form.Item>
        <Form.Item name="overdue">
          <Select placeholder="是否超期" allowClear style={{ width: 120 }} options={[{ value: 'true', label: '已超期' }]} aria-label="是否超期" />
        </Form.Item>
      </ListFilters>
      <Table<CorrectionItem>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        columns={[
          { title: '受理编号', dataIndex: 'receiptNo', width: 150 },
          {
            title: '企业 / 项目',
            width: 260,
            render: (_, c) => (
              <div>
                <div>{c.enterpriseName}</div>
                <div className="console-free__muted">{c.projectName}</div>
              </div>
            ),
          },
          { title: '反馈内容', dataIndex: 'content' },
          {
            title: '答复时限',
            width: 190,
            render: (_, c) => (
              <Space size={4} wrap>
                <span>{c.status === 'answered' ? `已答复 ${formatDateTime(c.repliedAt)}` : formatDeadline(c.dueAt)}</span>
                {c.overdue && <Tag color="red">超期</Tag>}
                {c.dueSoon && <Tag color="orange">临期</Tag>}
              </Space>
            ),
          },
          {
            title: '操作',
            width: 120,
            render: (_, c) =>
              c.status === 'received' ? (
                <Button type="link" size="small" onClick={() => answer.open(c)}>
                  答复
                </Button>
              ) : (
                <span className="console-free__muted">{c.reply}</span>
              ),
          },
        ]}
      />
      <Modal open={!!answer.editing} title="答复信息有误反馈" onCancel={answer.close} onOk={() => answer.form.submit()} okText="答复" confirmLoading={answer.busy} destroyOnHidden>
        {answer.editing && (
          <p className="console-free__who">
            {answer.editing.enterpriseName}：{answer.editing.content}
          </p>
        )}
        <Form form={answer.form} layout="vertical" onFinish={answer.save} autoComplete="off">
          <Form.Item name="reply" label="答复内容（企业可见）" rules={[zodRule(correctionAnswerSchema.shape.reply)]} extra="如需更正金额，请在名单中“调整金额”后再答复。">
            <Input.TextArea rows={4} maxLength={1000} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePage>
  );
}
