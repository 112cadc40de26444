import { Button, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.free-declare';
import { FREE_DECLARE_STATUS, FREE_DECLARE_STATUSES } from '#contract/free-declare.ts';
import type { FreeProjectSummary } from '#contract/free-declare-ent.console.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '免申即享名单 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['free-declare:manage', 'free-declare:pay']);
  return {
    projects: await args.context.services.freeDeclareEntConsole.projects(),
    mayManage: staff.permissions.includes('free-declare:manage'),
    mayEditProjects: staff.permissions.includes('free-declare:project:edit'),
  };
}

const range = (p: FreeProjectSummary) =>
  p.amountMin === null && p.amountMax === null ? '按名单' : p.amountMin === p.amountMax ? `${p.amountMax} 万元` : `${p.amountMin ?? 0}–${p.amountMax ?? '不限'} 万元`;

/** 免申即享: the projects, how far each list has come, and the way to its rows and its import. */
export default function ConsoleFreeProjects({ loaderData }: Route.ComponentProps) {
  const { projects, mayManage, mayEditProjects } = loaderData;
  return (
    <ConsolePage
      title="免申即享名单"
      extra={
        <Space>
          {mayEditProjects && (
            <Link to="/console/free-project">
              <Button>项目管理</Button>
            </Link>
          )}
          <Link to="/console/free-declare/rows?status=confirmed">
            <Button>待兑付记录</Button>
          </Link>
          {mayManage && (
            <Link to="/console/free-declare/import">
              <Button type="primary">导入名单</Button>
            </Link>
          )}
        </Space>
      }
    >
      <Table<FreeProjectSummary>
        rowKey="id"
        dataSource={projects}
        pagination={false}
        // Eleven columns do not fit beside the open sider at 1,440 px (nor in 关怀模式): the table scrolls, its headers never wrap.
        scroll={{ x: 1180 }}
        columns={[
          { title: '项目', minWidth: 220, ellipsis: { showTitle: true }, render: (_, p) => <Link to={`/console/free-declare/rows?projectId=${p.id}`}>{p.name}</Link> },
          { title: '主管部门', dataIndex: 'department', width: 130, ellipsis: { showTitle: true } },
          { title: '状态', width: 84, render: (_, p) => <Tag color={p.status === 'published' ? 'green' : 'default'}>{p.statusText}</Tag> },
          { title: '金额', width: 120, render: (_, p) => range(p) },
          { title: '名单', dataIndex: 'total', width: 76 },
          // Every state has its column, so the counts add up to 名单.
          ...FREE_DECLARE_STATUSES.map((s) => ({ title: FREE_DECLARE_STATUS[s], width: 76, render: (_: unknown, p: FreeProjectSummary) => p.counts[s] })),
          {
            title: '操作',
            width: 170,
            fixed: 'end',
            render: (_, p) => (
              <Space size={0}>
                <Link to={`/console/free-declare/rows?projectId=${p.id}`}>
                  <Button type="link" size="small">
                    查看名单
                  </Button>
                </Link>
                {mayManage && p.status === 'published' && (
                  <Link to={`/console/free-declare/import?projectId=${p.id}`}>
                    <Button type="link" size="small">
                      导入名单
                    </Button>
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </ConsolePage>
  );
}
