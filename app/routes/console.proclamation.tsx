import { Checkbox, Form, Select, Table, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/console.proclamation';
import { formatDateTime, formatDeadline } from '#contract/format.ts';
import { PROCLAMATION_STATUS, PROCLAMATION_STATUSES, proclamationSearchSchema, type ConsoleProclamationItem, type ObjectionItem } from '#contract/proclamation.console.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { useQueueLink } from '#app/features/console/queue-next.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { AnswerObjectionDialog } from '#app/features/console-declare/answer-objection.tsx';
import { ProclamationStatusTag } from '#app/features/console-declare/declare-tags.tsx';
import { ObjectionTable } from '#app/features/console-declare/objection-table.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '公示与异议 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'declare:proclamation:edit');
  const { services } = args.context;
  const search = parseSearch(proclamationSearchSchema, consoleListParams(args.url));
  const paging = { currentPage: search.currentPage, pageSize: search.pageSize };
  if (search.tab === 'objections') {
    return { search, proclamations: null, objections: await services.proclamationConsole.objections({ ...paging, status: 'received', proclamationId: undefined, overdue: undefined }) };
  }
  return { search, proclamations: await services.proclamationConsole.list(search), objections: null };
}

/** 公示与异议: every 公示 by state, and the objections waiting for an answer (due soonest first). */
export default function ProclamationList({ loaderData }: Route.ComponentProps) {
  const { search, proclamations, objections } = loaderData;
  const list = useListUrl();
  const itemLink = useQueueLink(search);
  const [answering, setAnswering] = useState<ObjectionItem | null>(null);

  return (
    <ConsolePage title="公示与异议">
      <p className="console-muted">公示由“申报审核”中选定项目后“生成公示”得到，核对后在此发布。</p>
      <Tabs
        activeKey={search.tab}
        onChange={(tab) => list.search({ tab: tab === 'proclamations' ? null : tab, status: null, windowOver: null })}
        items={[
          { key: 'proclamations', label: '公示' },
          { key: 'objections', label: '待答复的异议' },
        ]}
      />
      {proclamations && (
        <>
          <ListFilters values={{ status: search.status, windowOver: search.windowOver }} onSearch={(v) => list.search({ status: v.status, windowOver: v.windowOver ? 'true' : null })}>
            <Form.Item name="status">
              <Select placeholder="状态" aria-label="状态" allowClear style={{ width: 140 }} options={PROCLAMATION_STATUSES.map((s) => ({ value: s, label: PROCLAMATION_STATUS[s] }))} />
            </Form.Item>
            <Form.Item name="windowOver" valuePropName="checked">
              <Checkbox>只看期满待结束</Checkbox>
            </Form.Item>
          </ListFilters>
          <Table<ConsoleProclamationItem>
            rowKey="id"
            dataSource={proclamations.records}
            pagination={tablePagination(proclamations, list.page)}
            columns={[
              { title: '编号', dataIndex: 'id', width: 80 },
              {
                title: '公示',
                render: (_, p, index) => (
                  <>
                    <Link to={itemLink(`/console/proclamation/${p.id}`, index)}>{p.title}</Link>
                    <div className="console-muted">
                      {p.projectName} · {p.enterpriseCount} 家企业
                    </div>
                  </>
                ),
              },
              { title: '状态', width: 120, render: (_, p) => <ProclamationStatusTag status={p.status} text={p.statusText} windowOver={p.status === 'published' && !p.objectionOpen} /> },
              {
                title: '异议期',
                width: 170,
                render: (_, p) =>
                  p.publishAt ? (
                    <>
                      <DateText>{formatDateTime(p.publishAt)} 起</DateText>
                      <br />
                      <DateText>{formatDeadline(p.objectionEndAt)} 止</DateText>
                    </>
                  ) : (
                    <span className="console-muted">未发布</span>
                  ),
              },
              { title: '待答复异议', width: 110, render: (_, p) => (p.pendingObjections ? <strong>{p.pendingObjections}</strong> : <span className="console-muted">0</span>) },
            ]}
          />
        </>
      )}
      {objections && <ObjectionTable objections={objections.records} onAnswer={setAnswering} withProclamation pagination={tablePagination(objections, list.page)} />}
      <AnswerObjectionDialog
        objection={answering}
        onClose={() => setAnswering(null)}
        onDone={() => {
          setAnswering(null);
          list.reload();
        }}
      />
    </ConsolePage>
  );
}
