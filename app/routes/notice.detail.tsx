import { Link } from 'react-router';
import type { Route } from './+types/notice.detail';
import { NoticeSheet } from '#app/components/notice-sheet.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { idParamOr404, orRouteError } from '#app/lib/route-errors.ts';
import detailStyles from '#app/styles/detail.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: detailStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.notice.title ?? '通知公告', loaderData?.notice.summary);

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = idParamOr404(url, '该通知公告不存在或已撤回');
  return { notice: await orRouteError(context.services.notice.detail(id)) };
}

export default function NoticeDetail({ loaderData }: Route.ComponentProps) {
  const { notice } = loaderData;
  return (
    <>
      <PageHeading crumbs={[{ label: '通知公告', to: '/notice' }, { label: '正文' }]} />
      <NoticeSheet
        notice={notice}
        footer={
          <footer className="detail-sheet__footer">
            <Link to="/notice" className="btn">
              返回通知公告列表
            </Link>
          </footer>
        }
      />
    </>
  );
}
