import type { Route } from './+types/console.freshness';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { FreshnessTable } from '#app/features/console-freshness/freshness-table.tsx';
import { pageMeta } from '#app/lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '栏目更新监测 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'content:freshness:view');
  return { rows: await args.context.services.freshness.table() };
}

/** 栏目更新监测: the columns the 普查 checks, the ones that need news first. */
export default function ConsoleFreshness({ loaderData }: Route.ComponentProps) {
  return (
    <ConsolePage title="栏目更新监测">
      <p className="console-muted">
        政府网站普查中，首页新闻超过 2 周未更新、通知公告或政策栏目超过 6 个月未更新、空白栏目，均属单项否决。期限由系统管理员在“站点设置”中设定，只能比普查要求更严。
      </p>
      <FreshnessTable rows={loaderData.rows} />
    </ConsolePage>
  );
}
