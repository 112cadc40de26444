import { Link } from 'react-router';
import type { Route } from './+types/important-policy.detail';
import { Attachments, DetailSection, DetailSheet, MetaList, RichContent } from '#app/components/detail.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { PolicyBadges } from '#app/components/policy-badges.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { idParamOr404, orRouteError } from '#app/lib/route-errors.ts';
import detailStyles from '#app/styles/detail.css?url';
import { display, formatDate } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: detailStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.policy.title ?? '重点政策', loaderData ? `${display(loaderData.policy.docNo)} ${loaderData.policy.issuer}` : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = idParamOr404(request, '该政策不存在或已撤回');
  return { policy: await orRouteError(context.services.policy.detail(id)) };
}

export default function PolicyDetail({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  return (
    <>
      <PageHeading crumbs={[{ label: '重点政策', to: '/important-policy' }, { label: '政策详情' }]} />
      <DetailSheet
        title={policy.title}
        badges={<PolicyBadges policy={policy} />}
        meta={
          <>
            <MetaList
              items={[
                { label: '文号', value: display(policy.docNo) },
                { label: '发文机关', value: policy.issuer },
                { label: '发布日期', value: formatDate(policy.publishAt) },
                { label: '政策级别', value: policy.levelText },
                { label: '政策类别', value: policy.categoryText },
                { label: '有效性', value: policy.validityText },
                { label: '施行日期', value: policy.effectiveFrom ? formatDate(policy.effectiveFrom) : '自发布之日起' },
                { label: '失效日期', value: policy.effectiveTo ? formatDate(policy.effectiveTo) : '长期有效' },
                { label: '浏览次数', value: String(policy.viewCount) },
              ]}
            />
            {policy.validity === 'expired' && (
              <p className="notice-banner" role="note">
                <strong>本政策已失效</strong>
                <span>已于 {formatDate(policy.effectiveTo)} 失效，内容仅供查阅参考，请以现行有效的政策为准。</span>
              </p>
            )}
            {policy.validity === 'pending' && (
              <p className="notice-banner notice-banner--info" role="note">
                <strong>本政策尚未生效</strong>
                <span>将于 {formatDate(policy.effectiveFrom)} 起施行。</span>
              </p>
            )}
          </>
        }
      >
        <RichContent html={policy.content} />
        {policy.interpretation && (
          <DetailSection id="interpretation-title" title="政策解读">
            <RichContent html={policy.interpretation} />
          </DetailSection>
        )}
        <Attachments files={policy.attachments} />
        <footer className="detail-sheet__footer">
          <Link to="/important-policy" className="btn">
            返回重点政策列表
          </Link>
        </footer>
      </DetailSheet>
    </>
  );
}
