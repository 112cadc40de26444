import { Empty, Select, Tabs } from 'antd';
import { Button } from '#app/components/antd-first-paint.tsx';
import { PlainSpace } from '#app/components/plain-antd.tsx';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { SmartLink } from '#app/components/smart-link.tsx';
import type { Route } from './+types/user.free-apply';
import { ReadOnlyTable } from '#app/components/first-paint-table.tsx';
import { EvaluateModal } from '#app/features/user-centre/evaluate-modal.tsx';
import { useListUrl } from '#app/features/user-centre/list-url.ts';
import { mergeRecords, type RecordRow } from '#app/features/user-centre/my-records.ts';
import { requireUser } from '#app/lib/require-user.server.ts';
import { StatusTag } from '#app/features/user-centre/status-tag.tsx';
import { useListLoading } from '#app/features/user-centre/use-list-loading.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { DECLARE_STATUS, DECLARE_STATUSES } from '#contract/declare-ent.ts';
import { formatDateTime } from '#contract/format.ts';
import { FREE_DECLARE_STATUS, FREE_DECLARE_STATUSES } from '#contract/free-declare.ts';
import { myRecordsQuerySchema } from '#contract/my-records.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '我的申报与免申即享');

/** An enterprise has a few dozen of these: the newest hundred of each kind are listed and paged here. */
const LIMIT = 100;
const PAGE_SIZE = 10;

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { services } = args.context;
  const query = parseSearch(myRecordsQuerySchema, args.url.searchParams);
  const { declareStatus, freeStatus } = query;
  if (user.enterpriseId === null) return { rows: [], query, declareStatus, freeStatus };
  const [declarations, freeRows] = await Promise.all([
    query.kind === 'free' ? null : services.declareEnt.list(user, { currentPage: 1, pageSize: LIMIT, status: declareStatus }),
    query.kind === 'declare' ? null : services.freeDeclareEnt.list(user, { currentPage: 1, pageSize: LIMIT, status: freeStatus }),
  ]);
  return { rows: mergeRecords(declarations?.records ?? [], freeRows?.records ?? []), query, declareStatus, freeStatus };
}

const KIND_TABS = [
  { key: '', label: '全部' },
  { key: 'declare', label: '项目申报' },
  { key: 'free', label: '免申即享' },
];

export default function MyFreeApply({ loaderData }: Route.ComponentProps) {
  const { rows, query, declareStatus, freeStatus } = loaderData;
  const setUrl = useListUrl();
  const navigate = useNavigate();
  const loading = useListLoading();
  const revalidator = useRevalidator();
  const [evaluating, setEvaluating] = useState<RecordRow | null>(null);
  const statusOptions: { value: string; label: string }[] | null =
    query.kind === 'declare'
      ? DECLARE_STATUSES.map((s) => ({ value: s, label: DECLARE_STATUS[s] }))
      : query.kind === 'free'
        ? FREE_DECLARE_STATUSES.map((s) => ({ value: s, label: FREE_DECLARE_STATUS[s] }))
        : null;

  function actions(r: RecordRow) {
    const d = r.declaration;
    const f = r.freeRow;
    return (
      <PlainSpace size={4} wrap>
        {d?.canEdit && <SmartLink to={`/free-apply/components/apply-form?id=${r.id}`}>{d.status === 'draft' ? '继续填写' : '修改'}</SmartLink>}
        {d && !d.canEdit && <SmartLink to={`/free-apply/components/apply-form?id=${r.id}`}>查看</SmartLink>}
        {d?.canEvaluate && (
          <Button type="link" size="small" className="ent-link-button" onClick={() => setEvaluating(r)}>
            评价
          </Button>
        )}
        {d?.evaluation && <span className="ent-muted">已评价：{d.evaluation.levelText}</span>}
        {f && <SmartLink to={`/free-apply/components/apply-form?freeDeclareEntId=${r.id}`}>{f.canConfirm ? '去确认' : '查看'}</SmartLink>}
      </PlainSpace>
    );
  }

  const filtered = !!(query.kind || query.status);
  // The list is paged here, as antd's Table paged it: a page past the last shows the last.
  const currentPage = Math.min(query.currentPage, Math.max(1, Math.ceil(rows.length / PAGE_SIZE)));
  return (
    <section className="card ent-section">
      <div className="ent-section__head">
        <h1 className="section-title">我的申报与免申即享</h1>
        <Button type="primary" onClick={() => navigate('/free-apply')}>
          查看可申报项目
        </Button>
      </div>
      {/* The filter sits beside the tabs, not in their bar: a tab list may hold only tabs. */}
      <div className="ent-tabs-row">
        <Tabs activeKey={query.kind ?? ''} items={KIND_TABS} onChange={(kind) => setUrl({ kind, status: null })} />
        {statusOptions && (
          <Select<string>
            allowClear
            aria-label="按状态筛选"
            placeholder="按状态筛选"
            style={{ width: 160 }}
            value={declareStatus ?? freeStatus}
            options={statusOptions}
            onChange={(status) => setUrl({ status })}
          />
        )}
      </div>
      <ReadOnlyTable<RecordRow>
        rowKey={(r) => r.key}
        loading={loading}
        dataSource={rows.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE)}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? '没有符合条件的记录' : '还没有申报或免申即享记录'}>
              {!filtered && <SmartLink to="/free-apply">去看看可申报的项目</SmartLink>}
            </Empty>
          ),
        }}
        pagination={{
          hideOnSinglePage: true,
          current: currentPage,
          pageSize: PAGE_SIZE,
          total: rows.length,
          showTotal: (total) => `共 ${total} 条`,
          showSizeChanger: false,
          onChange: (page) => setUrl({ currentPage: page }, false),
        }}
        columns={[
          { key: 'kind', title: '类型', width: 96, render: (_, r) => <span className={`kind kind--${r.kind}`}>{r.kindText}</span> },
          {
            key: 'project',
            title: '项目名称',
            render: (_, r) => (
              <>
                <SmartLink to={r.projectHref}>{r.projectName}</SmartLink>
                {r.declaration?.reviewNote && <div className="ent-muted record-note">审核意见：{r.declaration.reviewNote}</div>}
              </>
            ),
          },
          { key: 'amount', title: '金额', width: 140, render: (_, r) => r.amountText },
          { key: 'status', title: '状态', width: 100, render: (_, r) => <StatusTag status={r.status} text={r.statusText} /> },
          { key: 'at', title: '更新时间', width: 150, render: (_, r) => formatDateTime(r.at) },
          { key: 'actions', title: '操作', width: 170, render: (_, r) => actions(r) },
        ]}
      />
      <EvaluateModal
        target={evaluating ? { id: evaluating.id, title: evaluating.projectName } : null}
        url="/uaa/api/customer/declare-ent/evaluate"
        note="请对本次申报的受理和审核服务作出评价。"
        onClose={() => setEvaluating(null)}
        onDone={() => {
          setEvaluating(null);
          void revalidator.revalidate();
        }}
      />
    </section>
  );
}
