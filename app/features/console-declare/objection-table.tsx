import { Button, Space, Table } from 'antd';
import { Link } from 'react-router';
import type { ObjectionItem } from '#contract/proclamation.console.ts';
import { formatDateTime } from '#contract/format.ts';
import { DueCell } from '#app/features/console/deadline-flag.tsx';
import { ObjectionStatusTag } from './declare-tags.tsx';

/** Objections with their reply deadline; waiting ones can be answered, answered ones show the answer. */
export function ObjectionTable({ objections, onAnswer, withProclamation = false, pagination = false }: {
  objections: ObjectionItem[];
  onAnswer: (o: ObjectionItem) => void;
  withProclamation?: boolean;
  pagination?: false | object;
}) {
  const fileUrl = (o: ObjectionItem, path: string) => `/console/api/proclamation/objection/file?id=${o.id}&path=${encodeURIComponent(path)}`;
  return (
    <Table<ObjectionItem>
      rowKey="id"
      size="small"
      pagination={pagination}
      dataSource={objections}
      columns={[
        { title: '受理编号', dataIndex: 'receiptNo', width: 150 },
        ...(withProclamation ? [{ title: '公示', render: (_: unknown, o: ObjectionItem) => <Link to={`/console/proclamation/${o.proclamationId}`}>{o.proclamationTitle}</Link> }] : []),
        {
          title: '异议',
          render: (_, o) => (
            <>
              <div className="console-pre">{o.reason}</div>
              <div className="console-muted">
                {o.enterpriseName} · {formatDateTime(o.createdAt)}
              </div>
              {o.attachments.map((f) => (
                <a key={f.path} href={fileUrl(o, f.path)} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
                  {f.name}
                </a>
              ))}
            </>
          ),
        },
        {
          title: '答复',
          render: (_, o) =>
            o.status === 'answered' ? (
              <>
                <strong>{o.resultText}</strong>
                <div className="console-pre">{o.reply}</div>
                <div className="console-muted">
                  {formatDateTime(o.answeredAt)} · {o.staffName}
                </div>
              </>
            ) : (
              <DueCell dueAt={o.dueAt} overdue={o.overdue} dueSoon={o.dueSoon} />
            ),
        },
        {
          title: '状态',
          width: 150,
          render: (_, o) => (
            <Space>
              <ObjectionStatusTag status={o.status} text={o.statusText} />
              {o.status === 'received' && (
                <Button size="small" type="primary" onClick={() => onAnswer(o)}>
                  答复
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
