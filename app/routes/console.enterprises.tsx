import { Button, Form, Input, Select, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.enterprises';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { consoleListParams } from '#app/features/console/list-params.ts';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { parseSearch } from '#app/lib/params.ts';
import { pageMeta } from '#app/lib/meta.ts';
import {
  ATTRIBUTE_CODES,
  ATTRIBUTES,
  enterpriseConsoleQuerySchema,
  formatAttribute,
  INDUSTRIES,
  QUALIFICATIONS,
  SCALES,
  sourceLabel,
  type EnterpriseConsoleRow,
} from '#contract/enterprise-profile.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '一企一档 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['declare:review', 'free-declare:manage']);
  const query = parseSearch(enterpriseConsoleQuerySchema, consoleListParams(args.url));
  return { page: await args.context.services.match.profile.consoleList(query), query, mayImport: staff.permissions.includes('free-declare:manage') };
}

const options = (o: Record<string, string>, withCode = false) => Object.entries(o).map(([value, label]) => ({ value, label: withCode ? `${value} ${label}` : label }));

/** One enterprise's profile: each value with its source (and department), the self-declared one beside a differing verified one. */
function ProfileCell({ row }: { row: EnterpriseConsoleRow }) {
  const entries = ATTRIBUTE_CODES.filter((c) => row.profile.attributes[c]);
  if (!entries.length) return <span className="ent-muted">未填写</span>;
  return (
    <ul style={{ margin: 0, paddingLeft: 16 }}>
      {entries.map((code) => {
        const a = row.profile.attributes[code]!;
        return (
          <li key={code}>
            {ATTRIBUTES[code].label}：{formatAttribute(code, a.value)} <Tag color={a.source === 'verified' ? 'green' : 'default'}>{sourceLabel(a.source, a.department)}</Tag>
            {a.selfValue !== undefined && <span>（企业自报：{formatAttribute(code, a.selfValue)}）</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** 一企一档: every enterprise with its profile and sources, filtered on the values matching reads. */
export default function ConsoleEnterprises({ loaderData }: Route.ComponentProps) {
  const { page, query, mayImport } = loaderData;
  const list = useListUrl();
  return (
    <ConsolePage
      title="一企一档"
      extra={
        mayImport && (
          <Link to="/console/enterprises/import">
            <Button>导入核实数据</Button>
          </Link>
        )
      }
    >
      <ListFilters values={{ keyword: query.keyword, industry: query.industry, scale: query.scale, qualification: query.qualification }} onSearch={list.search}>
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="企业名称或统一社会信用代码" allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="industry" label="所属行业">
          <Select allowClear style={{ width: 220 }} placeholder="全部" options={options(INDUSTRIES, true)} />
        </Form.Item>
        <Form.Item name="scale" label="企业规模">
          <Select allowClear style={{ width: 110 }} placeholder="全部" options={options(SCALES)} />
        </Form.Item>
        <Form.Item name="qualification" label="资质">
          <Select allowClear style={{ width: 180 }} placeholder="全部" options={options(QUALIFICATIONS)} />
        </Form.Item>
      </ListFilters>
      <Table<EnterpriseConsoleRow>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        columns={[
          { title: '企业名称', width: 260, render: (_, r) => <Link to={`/console/enterprises/${r.id}`}>{r.name}</Link> },
          { title: '统一社会信用代码', dataIndex: 'uscc', width: 190 },
          { title: '企业画像（来源）', render: (_, r) => <ProfileCell row={r} /> },
        ]}
      />
    </ConsolePage>
  );
}
