import { Descriptions } from 'antd';

/** The names people know for the fields requests carry most; any other shows as it is. */
const FIELD_TEXT: Record<string, string> = {
  id: '编号',
  ids: '编号',
  title: '标题',
  name: '名称',
  loginName: '账号',
  phone: '手机号',
  roles: '角色',
  status: '状态',
  reason: '理由',
  note: '意见',
  content: '内容',
  reply: '答复',
  result: '结果',
  summary: '摘要',
  source: '发布单位',
  departmentId: '部门编号',
  projectId: '项目编号',
  batchId: '导入批次',
  amount: '金额',
  amountApproved: '核定金额',
  days: '天数',
  voucherNo: '兑付凭证号',
  feedback: '整改反馈',
  verification: '核实情况',
  keyword: '关键词',
  dateFrom: '开始日期',
  dateTo: '结束日期',
  action: '操作',
  objectType: '对象类型',
  objectId: '对象编号',
  scheduleAt: '定时发布',
  attachments: '附件',
  isTop: '置顶',
  enabled: '启用',
  currentPage: '页码',
  pageSize: '每页条数',
};

function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '（空）';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (Array.isArray(v)) return v.length ? v.map(valueText).join('、') : '（无）';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    // A file reference reads as its name.
    if (typeof o.name === 'string') return o.name;
    return Object.entries(o)
      .map(([k, x]) => `${FIELD_TEXT[k] ?? k}：${valueText(x)}`)
      .join('；');
  }
  // Rich text (a notice's 正文) reads as its words.
  return typeof v === 'string' && /<[a-z][^>]*>/i.test(v) ? v.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() : String(v);
}

/**
 * An audit row's submitted fields as a person reads them: field names in Chinese where known,
 * values as text (是/否, lists joined, files by name), not the raw JSON the row stores.
 */
export function AuditChanges({ changes }: { changes: string }) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return <div className="console-pre">{changes}</div>;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return <div className="console-pre">{valueText(parsed)}</div>;
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (!entries.length) return <span className="console-muted">未提交内容</span>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title="提交内容（已脱敏）"
      items={entries.map(([k, v]) => ({ key: k, label: FIELD_TEXT[k] ?? k, children: <span className="console-pre">{valueText(v)}</span> }))}
    />
  );
}
