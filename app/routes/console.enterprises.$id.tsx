import { Card, Descriptions, Space, Tag } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.enterprises.$id';
import { dossierQuerySchema } from '#contract/enterprise-dossier.ts';
import { formatDate } from '#contract/format.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { DossierLists } from '#app/features/console-enterprise/dossier-lists.tsx';
import { DossierProfile } from '#app/features/console-enterprise/dossier-profile.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam, parseSearch } from '#app/lib/params.ts';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, `${loaderData?.dossier.enterprise.name ?? '企业'} - 一企一档`);

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['declare:review', 'free-declare:manage']);
  const id = parseIdParam(args.params.id);
  if (id === null) notFoundPage('该企业不存在');
  const query = parseSearch(dossierQuerySchema, new URLSearchParams({ ...Object.fromEntries(args.url.searchParams), id: String(id) }));
  return { dossier: await orRouteError(args.context.services.enterpriseDossier.detail(staff, query)), list: query.list ?? 'appeals' };
}

/** 一企一档 of one enterprise: its particulars, its profile from each source, and every record the bureau keeps of it. */
export default function EnterpriseDossierPage({ loaderData }: Route.ComponentProps) {
  const { dossier, list } = loaderData;
  const e = dossier.enterprise;
  return (
    <ConsolePage title={`一企一档：${e.name}`} extra={<Link to="/console/enterprises">返回企业列表</Link>}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card title="企业信息" size="small">
          <Descriptions
            column={{ xs: 1, md: 2 }}
            size="small"
            items={[
              { label: '统一社会信用代码', children: e.uscc },
              { label: '法定代表人', children: e.legalPerson ?? '—' },
              { label: '联系人', children: e.contactName ?? '—' },
              { label: '联系电话', children: e.contactPhone ?? '—' },
              { label: '地址', children: e.address ?? '—' },
              { label: '注册时间', children: formatDate(e.createdAt) },
              { label: '政策推送短信', children: dossier.pushSms ? <Tag color="blue">已订阅</Tag> : '未订阅' },
            ]}
          />
        </Card>
        <Card title="企业画像（来源）" size="small">
          <DossierProfile attributes={dossier.attributes} />
        </Card>
        <Card title="档案记录" size="small">
          <DossierLists dossier={dossier} active={list} />
        </Card>
      </Space>
    </ConsolePage>
  );
}
