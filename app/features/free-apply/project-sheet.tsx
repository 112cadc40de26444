import type { ReactNode } from 'react';
import { Badge, DetailSheet, MetaList, type MetaItem } from '#app/components/detail.tsx';
import type { ProjectSummary } from '#contract/project-fields.ts';
import { formatAmount } from '#contract/format.ts';

/**
 * The sheet of a 申报项目 or 免申即享 project: its name, `badge` then the category, the department
 * and the amount, then `when` (application window or publication date).
 */
export function ProjectSheet({ project, badge, when, children }: { project: ProjectSummary; badge: ReactNode; when: MetaItem; children: ReactNode }) {
  return (
    <DetailSheet
      title={project.name}
      badges={
        <>
          {badge}
          <Badge tone="blue">{project.categoryText}</Badge>
        </>
      }
      meta={
        <MetaList
          items={[
            { label: '主管部门', value: project.department },
            { label: '扶持金额', value: formatAmount(project.amountMin, project.amountMax) },
            when,
          ]}
        />
      }
    >
      {children}
    </DetailSheet>
  );
}
