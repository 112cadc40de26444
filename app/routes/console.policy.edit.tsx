import type { Route } from './+types/console.policy.edit';
import { editorStyleLinks } from '#app/features/console-content/editor-styles.ts';
import { ContentEditPage } from '#app/features/console-content/content-edit-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { contentListQuerySchema } from '#contract/publishing.ts';
import { queuePlace } from '#app/features/console/queue-next.tsx';
import { orRouteError } from '#app/lib/route-errors.ts';

export const links: Route.LinksFunction = editorStyleLinks;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '编辑重点政策 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['content:policy:edit', 'content:policy:publish']);
  const { services } = args.context;
  const id = args.url.searchParams.get('id');
  const [detail, levels, categories] = await Promise.all([
    id ? orRouteError(services.publishing.policy.detail(staff, id)) : null,
    services.dict.options('policy_level'),
    services.dict.options('policy_category'),
  ]);
  const asOptions = (list: { id: string; text: string }[]) => list.map((o) => ({ value: o.id, label: o.text }));
  return {
    detail,
    // The publisher's review: the finished page and what changed against the published version.
    review: detail?.mayPublish ? await services.publishing.policy.review(detail.id) : null,
    place: queuePlace(args.url, (params) => parseSearch(contentListQuerySchema, params)),
    mayEdit: staff.permissions.includes('content:policy:edit'),
    options: { levels: asOptions(levels), categories: asOptions(categories) },
  };
}

export default function ConsolePolicyEdit({ loaderData }: Route.ComponentProps) {
  return <ContentEditPage key={loaderData.detail?.id ?? 'new'} kind="policy" {...loaderData} />;
}
