import { PlusOutlined } from '@ant-design/icons';
import { Empty, Input, Tabs } from 'antd';
import { Button } from '#app/components/antd-first-paint.tsx';
import { PlainSpace } from '#app/components/plain-antd.tsx';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { SmartLink } from '#app/components/smart-link.tsx';
import type { Route } from './+types/user.appeal';
import { ReadOnlyTable } from '#app/components/first-paint-table.tsx';
import { OverdueTag } from '#app/features/appeal/appeal-deadlines.tsx';
import { REOPEN_EXPLANATION } from '#app/features/appeal/appeal-texts.ts';
import { EvaluateModal } from '#app/features/user-centre/evaluate-modal.tsx';
import { useListUrl } from '#app/features/user-centre/list-url.ts';
import { requireUser } from '#app/lib/require-user.server.ts';
import { StatusTag } from '#app/features/user-centre/status-tag.tsx';
import { useListLoading } from '#app/features/user-centre/use-list-loading.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { APPEAL_STATUS, APPEAL_STATUSES, appealEnPagesQuerySchema, type OwnAppealItem } from '#contract/appeal.ts';
import { formatDateTime } from '#contract/format.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '我的诉求');

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const query = parseSearch(appealEnPagesQuerySchema, args.url.searchParams);
  return { page: await args.context.services.appeal.listOwn(user, query), query };
}

const TABS = [{ key: '', label: '全部' }, ...APPEAL_STATUSES.map((s) => ({ key: s, label: APPEAL_STATUS[s] }))];

export default function MyAppeals({ loaderData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const setUrl = useListUrl();
  const navigate = useNavigate();
  const loading = useListLoading();
  const revalidator = useRevalidator();
  const [evaluating, setEvaluating] = useState<OwnAppealItem | null>(null);

  return (
    <section className="card ent-section">
      <div className="ent-section__head">
        <h1 className="section-title">我的诉求</h1>
        <PlainSpace>
          <Input.Search
            key={query.keyword ?? ''}
            defaultValue={query.keyword}
            placeholder="搜索诉求标题"
            allowClear
            enterButton="搜索"
            onSearch={(keyword) => setUrl({ keyword: keyword.trim() })}
            style={{ width: 300, maxWidth: '100%' }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/appeal/components/appeal-form')}>
            我要诉求
          </Button>
        </PlainSpace>
      </div>
      <Tabs activeKey={query.status ?? ''} items={TABS} onChange={(status) => setUrl({ status })} />
      <ReadOnlyTable<OwnAppealItem>
        rowKey={(r) => r.id}
        loading={loading}
        dataSource={page.records}
        locale={{
          emptyText: (
            <Empty description={query.status || query.keyword ? '没有符合条件的诉求' : '您还没有提交过诉求'} image={Empty.PRESENTED_IMAGE_SIMPLE}>
              {!query.status && !query.keyword && <SmartLink to="/appeal/components/appeal-form">提交第一条诉求</SmartLink>}
            </Empty>
          ),
        }}
        pagination={{
          hideOnSinglePage: true,
          current: page.currentPage,
          pageSize: page.pageSize,
          total: page.total,
          showTotal: (total) => `共 ${total} 条`,
          showSizeChanger: false,
          onChange: (currentPage) => setUrl({ currentPage }, false),
        }}
        columns={[
          {
            key: 'title',
            title: '诉求标题',
            render: (_, r) => (
              <SmartLink to={`/user/appeal/${r.id}`} className="ent-table-title">
                {r.title}
              </SmartLink>
            ),
          },
          { key: 'type', title: '类型', width: 110, render: (_, r) => r.typeText },
          {
            key: 'status',
            title: '状态',
            width: 160,
            render: (_, r) => (
              <>
                <StatusTag status={r.status} text={r.statusText} />
                <OverdueTag overdue={r.overdue} dueSoon={r.dueSoon} />
              </>
            ),
          },
          { key: 'createdAt', title: '提交时间', width: 160, render: (_, r) => formatDateTime(r.createdAt) },
          {
            key: 'actions',
            title: '操作',
            width: 150,
            render: (_, r) => (
              <PlainSpace size={4}>
                <SmartLink to={`/user/appeal/${r.id}`}>查看</SmartLink>
                {r.canEdit && <SmartLink to={`/appeal/components/appeal-form?id=${r.id}`}>修改</SmartLink>}
                {r.canEvaluate && (
                  <Button type="link" size="small" className="ent-link-button" onClick={() => setEvaluating(r)}>
                    评价
                  </Button>
                )}
              </PlainSpace>
            ),
          },
        ]}
      />
      <EvaluateModal
        target={evaluating}
        url="/admin/appeal/en-evaluate"
        note={REOPEN_EXPLANATION}
        onClose={() => setEvaluating(null)}
        onDone={() => {
          setEvaluating(null);
          void revalidator.revalidate();
        }}
      />
    </section>
  );
}
