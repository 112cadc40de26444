import { Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useLocation, useNavigate } from 'react-router';
import { APPEAL_STATUS } from '#contract/appeal.ts';
import { DECLARE_STATUS } from '#contract/declare-ent.ts';
import { yuanToWan } from '#contract/declare-project.ts';
import { DOSSIER_LISTS, type Dossier, type DossierList } from '#contract/enterprise-dossier.ts';
import { formatDateTime } from '#contract/format.ts';
import { attributeFieldLabel, formatAttribute, sourceLabel, type AttributeCode } from '#contract/enterprise-profile.ts';
import { FREE_DECLARE_STATUS } from '#contract/free-declare.ts';
import { MATCH_KINDS, VERDICTS } from '#contract/match-verdict.ts';
import { SMS_STATUS } from '#contract/message.ts';
import { listHref } from '#app/lib/pagination.ts';

type Rows<K extends DossierList> = NonNullable<Dossier[K]>['records'][number];

/** Who may see a list the staff member cannot (docs/console.md "一企一档 and 匹配条件"). */
const NEEDS: Record<DossierList, string> = {
  appeals: '',
  declarations: '查看申报需要“审核项目申报”权限。',
  freeDeclares: '查看免申即享名单需要“导入与维护免申即享名单”权限。',
  messages: '站内消息涉及诉求、申报和免申即享，需要同时具有“审核项目申报”和“导入与维护免申即享名单”权限。',
  pushes: '查看政策推送需要“审核项目申报”或“导入与维护免申即享名单”权限。',
  changes: '',
};

/** A value of a change as the profile shows it; `none` when there is none. */
const shown = (code: AttributeCode, value: Rows<'changes'>['before'], none: string) => (value === null ? none : formatAttribute(code, value));
const label = (text: string, link: string | null) => (link ? <Link to={link}>{text}</Link> : text);
const status = (map: Record<string, string>, s: string) => map[s] ?? s;

const COLUMNS: { [K in DossierList]: ColumnsType<Rows<K>> } = {
  appeals: [
    { title: '诉求标题', render: (_, r) => label(r.title, r.link) },
    { title: '状态', width: 110, render: (_, r) => status(APPEAL_STATUS, r.status) },
    { title: '提交时间', width: 170, render: (_, r) => formatDateTime(r.createdAt) },
    { title: '答复时间', width: 170, render: (_, r) => (r.repliedAt ? formatDateTime(r.repliedAt) : '—') },
  ],
  declarations: [
    { title: '申报项目', render: (_, r) => label(r.projectName, r.link) },
    { title: '状态', width: 110, render: (_, r) => status(DECLARE_STATUS, r.status) },
    { title: '提交时间', width: 170, render: (_, r) => (r.submittedAt ? formatDateTime(r.submittedAt) : '—') },
    { title: '核定金额', width: 130, render: (_, r) => (r.amountApproved === null ? '—' : `${yuanToWan(r.amountApproved)} 万元`) },
  ],
  freeDeclares: [
    { title: '免申即享项目', render: (_, r) => label(r.projectName, r.link) },
    { title: '状态', width: 110, render: (_, r) => status(FREE_DECLARE_STATUS, r.status) },
    { title: '金额', width: 130, render: (_, r) => `${yuanToWan(r.amount)} 万元` },
    { title: '列入时间', width: 170, render: (_, r) => formatDateTime(r.createdAt) },
  ],
  messages: [
    { title: '消息标题', render: (_, r) => r.title },
    { title: '发送时间', width: 170, render: (_, r) => formatDateTime(r.createdAt) },
    { title: '企业已读', width: 170, render: (_, r) => (r.readAt ? formatDateTime(r.readAt) : <Tag>未读</Tag>) },
  ],
  pushes: [
    { title: '项目', render: (_, r) => label(`${MATCH_KINDS[r.kind]}：${r.projectName}`, r.link) },
    { title: '告知内容', width: 120, render: (_, r) => (r.verdict === 'eligible' ? VERDICTS.eligible : '请补充画像') },
    { title: '告知时间', width: 170, render: (_, r) => formatDateTime(r.toldAt) },
    { title: '短信', width: 90, render: (_, r) => (r.sms ? SMS_STATUS[r.sms] : '—') },
  ],
  changes: [
    { title: '属性', width: 140, render: (_, r) => attributeFieldLabel(r.code) },
    { title: '来源', width: 140, render: (_, r) => sourceLabel(r.source, r.department) },
    { title: '变更', render: (_, r) => `${shown(r.code, r.before, '（无）')} → ${shown(r.code, r.after, '（清除）')}` },
    { title: '操作人', width: 300, render: (_, r) => r.by ?? '—' },
    { title: '时间', width: 170, render: (_, r) => formatDateTime(r.changedAt) },
  ],
};

/**
 * What the bureau did with one enterprise and how its profile changed, a tab per kind of record,
 * each paged in the address (`?list=appeals&currentPage=2`), so that a page can be shared and the
 * loader reads it.
 */
export function DossierLists({ dossier, active }: { dossier: Dossier; active: DossierList }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const go = (list: DossierList, currentPage: number, pageSize: number | null) => navigate(listHref(pathname, search, { list, currentPage, pageSize }), { preventScrollReset: true });

  const tab = <K extends DossierList>(key: K) => {
    const page = dossier[key] as Dossier[K];
    return {
      key,
      label: page ? `${DOSSIER_LISTS[key]}（${page.total}）` : DOSSIER_LISTS[key],
      children: page ? (
        <Table<Rows<K>>
          size="small"
          rowKey={(r) => ('id' in r ? r.id : `${r.kind}:${r.projectId}`)}
          dataSource={page.records as Rows<K>[]}
          columns={COLUMNS[key]}
          scroll={{ x: 720 }}
          locale={{ emptyText: `暂无${DOSSIER_LISTS[key]}` }}
          pagination={{
            total: page.total,
            current: page.currentPage,
            pageSize: page.pageSize,
            hideOnSinglePage: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (current, size) => go(key, current, size === 10 ? null : size),
          }}
        />
      ) : (
        <p className="ent-muted">{NEEDS[key]}</p>
      ),
    };
  };

  return (
    <Tabs activeKey={active} onChange={(key) => go(key as DossierList, 1, null)} items={[tab('appeals'), tab('declarations'), tab('freeDeclares'), tab('messages'), tab('pushes'), tab('changes')]} />
  );
}
