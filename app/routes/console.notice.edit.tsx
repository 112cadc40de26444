import type { Route } from './+types/console.notice.edit';
import { editorStyleLinks } from '#app/features/console-content/editor-styles.ts';
import { ContentEditPage } from '#app/features/console-content/content-edit-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { contentListQuerySchema } from '#contract/publishing.ts';
import { queuePlace } from '#app/features/console/queue-next.tsx';
import { orRouteError } from '#app/lib/route-errors.ts';

export const links: Route.LinksFunction = editorStyleLinks;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '编辑通知公告 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['content:notice:edit', 'content:notice:publish']);
  const id = args.url.searchParams.get('id');
  const detail = id ? await orRouteError(args.context.services.publishing.notice.detail(staff, id)) : null;
  return {
    detail,
    // The publisher's review: the finished page and what changed against the published version.
    review: detail?.mayPublish ? await args.context.services.publishing.notice.review(detail.id) : null,
    place: queuePlace(args.url, (params) => parseSearch(contentListQuerySchema, params)),
    mayEdit: staff.permissions.includes('content:notice:edit'),
  };
}

export default function ConsoleNoticeEdit({ loaderData }: Route.ComponentProps) {
  return <ContentEditPage key={loaderData.detail?.id ?? 'new'} kind="notice" {...loaderData} />;
}
