import { Link } from 'react-router';
import type { Route } from './+types/important-policy.detail';
import { PolicySheet } from '#app/components/policy-sheet.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { idParamOr404, orRouteError } from '#app/lib/route-errors.ts';
import detailStyles from '#app/styles/detail.css?url';
import { display } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: detailStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.policy.title ?? '重点政策', loaderData ? `${display(loaderData.policy.docNo)} ${loaderData.policy.issuer}` : null);

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = idParamOr404(url, '该政策不存在或已撤回');
  return { policy: await orRouteError(context.services.policy.detail(id)) };
}

export default function PolicyDetail({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  return (
    <>
      <PageHeading crumbs={[{ label: '重点政策', to: '/important-policy' }, { label: '政策详情' }]} />
      <PolicySheet
        policy={policy}
        footer={
          <footer className="detail-sheet__footer">
            <Link to="/important-policy" className="btn">
              返回重点政策列表
            </Link>
          </footer>
        }
      />
    </>
  );
}
