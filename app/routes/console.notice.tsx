import type { Route } from './+types/console.notice';
import { contentListQuerySchema } from '#contract/publishing.ts';
import { ContentListPage } from '#app/features/console-content/content-list-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import contentStyles from '#app/features/console-content/console-content.css?url';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '通知公告 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['content:notice:edit', 'content:notice:publish']);
  const query = parseSearch(contentListQuerySchema, consoleListParams(args.url));
  const [page, table] = await Promise.all([args.context.services.publishing.notice.list(query), args.context.services.staffPreference.table(staff, 'notice')]);
  return {
    page,
    query,
    table,
    mayEdit: staff.permissions.includes('content:notice:edit'),
    mayPublish: staff.permissions.includes('content:notice:publish'),
  };
}

/** 通知公告：编辑起草、审核发布与下线。 */
export default function ConsoleNoticeList({ loaderData }: Route.ComponentProps) {
  return <ContentListPage kind="notice" {...loaderData} />;
}
