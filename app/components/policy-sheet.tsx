import type { ReactNode } from 'react';
import { Attachments, DetailSection, DetailSheet, MetaList, RichContent } from '#app/components/detail.tsx';
import { PolicyBadges } from '#app/components/policy-badges.tsx';
import { display, formatDate } from '#contract/format.ts';
import type { Policy } from '#contract/policy.ts';

/** A policy as the public detail page shows it; the console's preview shows the same sheet. */
export function PolicySheet({ policy, footer }: { policy: Policy; footer?: ReactNode }) {
  return (
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
      {footer}
    </DetailSheet>
  );
}
