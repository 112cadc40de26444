import { Descriptions } from 'antd';
import { PlainTag } from '#app/components/plain-antd.tsx';
import { Link } from 'react-router';
import type { Route } from './+types/console._index';
import { CONSOLE_MENU_GROUPS, menuFor } from '#contract/console-menu.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requireStaff } from '#app/features/console/require-staff.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { WorkloadFigures } from '#app/features/console/workload-figures.tsx';
import { FreshnessAlerts } from '#app/features/console-freshness/freshness-alerts.tsx';
import freshnessStyles from '#app/features/console-freshness/freshness.css?url';
import { StaffInbox } from '#app/features/console-freshness/staff-inbox.tsx';
import { useConsoleMe } from './console.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '工作台 - 管理后台');
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: freshnessStyles }];

export async function loader(args: Route.LoaderArgs) {
  const staff = requireStaff(args);
  const { dashboard, freshness, staffMessage } = args.context.services;
  const [workload, columns, inbox] = await Promise.all([
    dashboard.workload(staff),
    staff.permissions.includes('content:freshness:view') ? freshness.table() : null,
    staffMessage.inbox(staff),
  ]);
  // 栏目更新: only the columns that need news (the server sorts them worst first).
  return { ...workload, freshness: columns && columns.filter((c) => c.state !== 'ok'), inbox };
}

/**
 * 工作台: who is signed in, with which roles, their own work (the queues their permissions open,
 * each a count linking to it: the server decides which), then the entry points of their menu.
 */
export default function ConsoleDashboard({ loaderData }: Route.ComponentProps) {
  const me = useConsoleMe();
  if (!me) return null;
  const entries = menuFor(me.permissions);
  return (
    <>
      <ConsolePage title={`您好，${me.name}`}>
        <Descriptions
          column={3}
          items={[
            { key: 'login', label: '登录账号', children: me.loginName },
            { key: 'department', label: '所属部门', children: me.department?.name ?? '-' },
            {
              key: 'roles',
              label: '角色',
              children: me.roleNames.length ? me.roleNames.map((r) => <PlainTag key={r} color="blue">{r}</PlainTag>) : '-',
            },
          ]}
        />
      </ConsolePage>
      {loaderData.freshness && (
        <div style={{ marginTop: 16 }}>
          <ConsolePage title="栏目更新提醒" level={2}>
            <FreshnessAlerts rows={loaderData.freshness} />
          </ConsolePage>
        </div>
      )}
      {loaderData.groups.map((group) => (
        <div key={group.title} style={{ marginTop: 16 }}>
          <ConsolePage title={`我的待办 · ${group.title}`} level={2}>
            <WorkloadFigures items={group.items} label={`我的待办 · ${group.title}`} />
          </ConsolePage>
        </div>
      ))}
      <div style={{ marginTop: 16 }}>
        <ConsolePage title={loaderData.inbox.unread ? `站内消息（${loaderData.inbox.unread} 条未读）` : '站内消息'} level={2}>
          <StaffInbox initial={loaderData.inbox} />
        </ConsolePage>
      </div>
      {CONSOLE_MENU_GROUPS.map((group) => {
        const mine = entries.filter((e) => e.group === group);
        if (!mine.length) return null;
        return (
          <div key={group} style={{ marginTop: 16 }}>
            <ConsolePage title={group} level={2}>
              <nav className="console-dashboard__entries" aria-label={group}>
                {mine.map((e) => (
                  <Link key={e.path} to={e.path} className="console-dashboard__entry">
                    <strong>{e.label}</strong>
                    <span>进入{e.label} →</span>
                  </Link>
                ))}
              </nav>
            </ConsolePage>
          </div>
        );
      })}
      {!entries.length && (
        <div style={{ marginTop: 16 }}>
          <ConsolePage title="暂无可用功能" level={2}>您的账号还没有分配任何功能权限，请联系系统管理员。</ConsolePage>
        </div>
      )}
    </>
  );
}
