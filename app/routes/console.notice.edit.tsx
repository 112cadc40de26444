import type { Route } from './+types/console.notice.edit';
import { ContentEditPage } from '#app/features/console-content/content-edit-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { orRouteError } from '#app/lib/route-errors.ts';
import contentStyles from '#app/features/console-content/console-content.css?url';
import detailStyles from '#app/styles/detail.css?url';

// The preview draws the public detail sheet, with the public page's styles.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: detailStyles },
  { rel: 'stylesheet', href: contentStyles },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '编辑通知公告 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['content:notice:edit', 'content:notice:publish']);
  const id = new URL(args.request.url).searchParams.get('id');
  return {
    detail: id ? await orRouteError(args.context.services.contentReview.notice.detail(staff, id)) : null,
    mayEdit: staff.permissions.includes('content:notice:edit'),
  };
}

export default function ConsoleNoticeEdit({ loaderData }: Route.ComponentProps) {
  return <ContentEditPage key={loaderData.detail?.id ?? 'new'} kind="notice" {...loaderData} />;
}
