import { Badge, Empty, Pagination, Spin } from 'antd';
import { Button } from '#app/components/antd-first-paint.tsx';
import { PlainSpace } from '#app/components/plain-antd.tsx';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { SmartLink } from '#app/components/smart-link.tsx';
import type { Route } from './+types/user.messages';
import { useListUrl } from '#app/features/user-centre/list-url.ts';
import { requireUser } from '#app/lib/require-user.server.ts';
import { useListLoading } from '#app/features/user-centre/use-list-loading.ts';
import { notify } from '#app/lib/feedback.ts';
import { http } from '#app/lib/http.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { formatDateTime } from '#contract/format.ts';
import { messagePageQuerySchema, type MessageItem } from '#contract/message.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '站内消息');

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const query = parseSearch(messagePageQuerySchema, args.url.searchParams);
  return { page: await args.context.services.message.page(user, query) };
}

/** 站内消息: what the bureau's steps told the enterprise, newest first; opening one marks it read. */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setUrl = useListUrl();
  const loading = useListLoading();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function markRead(ids: number[] | null) {
    setBusy(true);
    try {
      await (ids ? http.post('/admin/user/messages/read', { ids }) : http.post('/admin/user/messages/read-all'));
      if (!ids) notify('success', '已全部标为已读');
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  async function open(m: MessageItem) {
    if (!m.readAt) await markRead([m.id]).catch(() => undefined);
    if (m.link) await navigate(m.link);
  }

  return (
    <section className="card ent-section">
      <div className="ent-section__head">
        <h1 className="section-title">
          站内消息
          {page.unread > 0 && <span className="ent-muted message-unread-note">（{page.unread} 条未读）</span>}
        </h1>
        <Button onClick={() => markRead(null)} disabled={page.unread === 0} loading={busy}>
          全部标为已读
        </Button>
      </div>
      <Spin spinning={loading}>
        {page.records.length === 0 ? (
          <Empty description="暂无消息。诉求、申报有进展时，我们会在这里通知您" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="message-list">
            {page.records.map((m) => (
              <li key={m.id} className={m.readAt ? 'message-item' : 'message-item is-unread'}>
                <div className="message-item__body">
                  <div className="message-item__title">
                    {!m.readAt && (
                      <>
                        <Badge status="error" />
                        <span className="visually-hidden">未读</span>
                      </>
                    )}
                    {m.link ? (
                      <SmartLink to={m.link} onClick={(e) => (e.preventDefault(), void open(m))}>
                        {m.title}
                      </SmartLink>
                    ) : (
                      m.title
                    )}
                  </div>
                  <div className="message-item__content">{m.content}</div>
                  <div className="ent-muted">{formatDateTime(m.createdAt)}</div>
                </div>
                <PlainSpace size={4} className="message-item__actions">
                  {m.link && (
                    <Button type="link" size="small" className="ent-link-button" onClick={() => open(m)}>
                      查看详情
                    </Button>
                  )}
                  {!m.readAt && (
                    <Button type="link" size="small" className="ent-link-button" onClick={() => markRead([m.id])} disabled={busy}>
                      标为已读
                    </Button>
                  )}
                </PlainSpace>
              </li>
            ))}
          </ul>
        )}
        {page.total > page.pageSize && (
          <Pagination
            className="message-pagination"
            current={page.currentPage}
            pageSize={page.pageSize}
            total={page.total}
            showTotal={(total) => `共 ${total} 条`}
            showSizeChanger={false}
            onChange={(currentPage) => setUrl({ currentPage }, false)}
          />
        )}
      </Spin>
    </section>
  );
}
