import { Button, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/console.correction.$id';
import { correctionAnswerSchema } from '#contract/correction.ts';
import { formatDateTime } from '#contract/format.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { DueCell } from '#app/features/console/deadline-flag.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam } from '#app/lib/params.ts';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, `${loaderData?.item.receiptNo ?? '网站纠错'} - 网站纠错 - 管理后台`);

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'content:correction:handle');
  const id = parseIdParam(args.params.id);
  if (id === null) notFoundPage('该纠错不存在或已删除');
  return { item: await orRouteError(args.context.services.correction.detail(id)) };
}

/** One 纠错: the page and what is wrong with it, its deadline, and the answer (once). */
export default function ConsoleCorrection({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  const [form] = Form.useForm<{ reply: string }>();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function answer({ reply }: { reply: string }) {
    setBusy(true);
    try {
      await consoleHttp.post('correction/answer', { id: item.id, reply }, { silent: true });
      notify('success', '已答复');
      await revalidator.revalidate();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConsolePage title={`网站纠错 ${item.receiptNo}`} extra={<Link to="/console/correction">返回列表</Link>}>
      <Descriptions
        column={2}
        bordered
        size="small"
        items={[
          { key: 'status', label: '状态', children: <Tag color={item.status === 'answered' ? 'success' : 'processing'}>{item.statusText}</Tag> },
          {
            key: 'due',
            label: '答复时限',
            children: item.status === 'answered' ? <DateText>{`已于 ${formatDateTime(item.answeredAt)} 答复`}</DateText> : <DueCell dueAt={item.dueAt} overdue={item.overdue} dueSoon={item.dueSoon} />,
          },
          {
            key: 'page',
            label: '出错页面',
            span: 2,
            children: (
              <a href={item.pageUrl} target="_blank" rel="noreferrer">
                {item.pageTitle}
              </a>
            ),
          },
          { key: 'description', label: '错误描述', span: 2, children: <span className="console-pre">{item.description}</span> },
          { key: 'contact', label: '联系方式', children: item.contact ?? '未留' },
          { key: 'created', label: '提交时间', children: <DateText>{formatDateTime(item.createdAt)}</DateText> },
          ...(item.status === 'answered'
            ? [
                { key: 'reply', label: '答复', span: 2, children: <span className="console-pre">{item.reply}</span> },
                { key: 'staff', label: '答复人', children: item.staffName },
              ]
            : []),
        ]}
      />
      {item.status === 'received' && (
        <Form form={form} layout="vertical" onFinish={answer} autoComplete="off" style={{ maxWidth: 720, marginTop: 24 }} aria-label="答复纠错">
          <Form.Item name="reply" label="答复（核实结果与处理情况）" rules={[zodRule(correctionAnswerSchema.shape.reply)]} extra={item.contact ? `如需回复纠错人，请通过其留下的联系方式：${item.contact}` : '纠错人未留联系方式，答复仅留档。'}>
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            答复
          </Button>
        </Form>
      )}
    </ConsolePage>
  );
}
