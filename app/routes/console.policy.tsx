import type { Route } from './+types/console.policy';
import { contentListQuerySchema } from '#contract/publishing.ts';
import { ContentListPage } from '#app/features/console-content/content-list-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import contentStyles from '#app/features/console-content/console-content.css?url';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '重点政策 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['content:policy:edit', 'content:policy:publish']);
  const query = parseSearch(contentListQuerySchema, consoleListParams(args.url));
  const [page, table] = await Promise.all([args.context.services.publishing.policy.list(query), args.context.services.staffPreference.table(staff, 'policy')]);
  return {
    page,
    query,
    table,
    mayEdit: staff.permissions.includes('content:policy:edit'),
    mayPublish: staff.permissions.includes('content:policy:publish'),
  };
}

/** 重点政策：编辑起草、审核发布与下线。 */
export default function ConsolePolicyList({ loaderData }: Route.ComponentProps) {
  return <ContentListPage kind="policy" {...loaderData} />;
}
