import { Button, Checkbox, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { CONTENT_KINDS, CONTENT_STATUS, type ContentKind, type ContentListItem, type ContentListQuery } from '#contract/publishing.ts';
import { formatDateTime } from '#contract/format.ts';
import type { CappedPage } from '#contract/paging.ts';
import type { TablePreference } from '#contract/staff-preference.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { sortable, sortChange } from '#app/features/console/list-sort.ts';
import { useTableSettings, type ConsoleColumn } from '#app/features/console/table-settings.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { contentActions } from './content-actions.ts';
import { ContentPreview } from './content-preview.tsx';
import { ContentStatusTag } from './content-status-tag.tsx';
import { useReasonDialog } from '#app/features/console/reason-dialog.tsx';
import { useQueueLink } from '#app/features/console/queue-next.tsx';

export interface ContentListPageProps {
  kind: ContentKind;
  page: CappedPage<ContentListItem>;
  query: ContentListQuery;
  /** The person's rights on this kind: editors write, publishers review. */
  mayEdit: boolean;
  mayPublish: boolean;
  /** The person's 密度 and 列设置 of this list. */
  table: TablePreference;
}

/** 通知公告 / 重点政策 in the console: every state, with the steps the person may take on each row. */
export function ContentListPage({ kind, page, query, mayEdit, mayPublish, table }: ContentListPageProps) {
  const { label, path } = CONTENT_KINDS[kind];
  const list = useListUrl();
  const itemLink = useQueueLink(page);
  const reason = useReasonDialog();
  const act = contentActions(kind, reason.ask, list.reload);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const closePreview = useCallback(() => setPreviewing(null), []);
  const now = new Date().toISOString();
  const columns: ConsoleColumn<ContentListItem>[] = [
    {
      key: 'title',
      title: '标题',
      minWidth: 300,
      ellipsis: true,
      render: (_, r) => (
        <span title={r.title}>
          {r.isTop && <span className="console-pin">置顶</span>} {r.title}
        </span>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 110,
      render: (_, r) => {
        const tag = <ContentStatusTag status={r.status} scheduled={!!r.publishAt && r.publishAt > now} />;
        const why = r.rejectReason ? `退回理由：${r.rejectReason}` : r.offlineReason ? `下线理由：${r.offlineReason}` : null;
        return why ? <Tooltip title={why}>{tag}</Tooltip> : tag;
      },
    },
    {
      key: 'publishAt',
      title: '发布时间',
      width: 180,
      ...sortable('publishAt', query),
      render: (_, r) => <DateText>{r.publishAt ? formatDateTime(r.publishAt) : r.scheduleAt ? `定时 ${formatDateTime(r.scheduleAt)}` : '-'}</DateText>,
    },
    {
      key: 'updatedAt',
      title: '最近修改',
      width: 220,
      ...sortable('updatedAt', query),
      ellipsis: { showTitle: true },
      render: (_, r) => <DateText>{`${formatDateTime(r.updatedAt)}${r.updatedByName ? ` ${r.updatedByName}` : ''}`}</DateText>,
    },
    {
      key: 'actions',
      title: '操作',
      width: 240,
      fixed: 'end',
      render: (_, r, index) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setPreviewing(r.id)}>
            预览
          </Button>
          {mayEdit && (r.status === 'draft' || r.status === 'offline') && (
            <Link to={`${path}/edit?id=${r.id}`}>
              <Button type="link" size="small">
                编辑
              </Button>
            </Link>
          )}
          {mayEdit && r.status === 'draft' && (
            <Button type="link" size="small" onClick={() => act.submit(r.id)}>
              提交审核
            </Button>
          )}
          {mayPublish && r.status === 'pending_review' && (
            <Link to={itemLink(`${path}/edit?id=${r.id}`, index)}>
              <Button type="link" size="small">
                审核
              </Button>
            </Link>
          )}
          {mayPublish && r.status === 'published' && (
            <Button type="link" size="small" danger onClick={() => act.offline(r.id)}>
              下线
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const settings = useTableSettings(kind, table, columns);

  return (
    <ConsolePage
      title={label}
      extra={
        <Space>
          {settings.toolbar}
          {mayEdit && (
            <Link to={`${path}/edit`}>
              <Button type="primary">新建{label}</Button>
            </Link>
          )}
        </Space>
      }
    >
      <ListFilters
        values={{
          keyword: query.keyword,
          status: query.status,
          returned: query.returned,
        }}
        onSearch={(v) =>
          list.search({
            keyword: v.keyword,
            status: v.status,
            returned: v.returned ? 'true' : null,
          })
        }
      >
        <Form.Item name="keyword">
          <Input placeholder="标题关键词" allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select
            aria-label="状态"
            placeholder="状态"
            allowClear
            style={{ width: 120 }}
            options={Object.entries(CONTENT_STATUS).map(([value, text]) => ({
              value,
              label: text,
            }))}
          />
        </Form.Item>
        <Form.Item name="returned" valuePropName="checked">
          <Checkbox>只看被退回</Checkbox>
        </Form.Item>
      </ListFilters>
      <Table<ContentListItem>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        size={settings.size}
        onChange={sortChange(list.search)}
        scroll={{ x: 980 }}
        columns={settings.columns}
      />
      <ContentPreview kind={kind} id={previewing} onClose={closePreview} />
      {reason.dialog}
    </ConsolePage>
  );
}
