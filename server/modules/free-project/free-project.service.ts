import type { FreeProjectDetail, FreeProjectListItem, FreeProjectListQuery } from '#contract/free-declare.ts';
import type { Page } from '#contract/paging.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import { projectBody, projectSummary } from '../declare-project/declare-project.service.ts';
import type { DictService } from '../dict/dict.service.ts';
import * as repo from './free-project.repository.ts';

/** Which of these projects the bureau found the enterprise eligible for: project id → its row id. */
export interface Eligibility {
  rowsFor(enterpriseId: number, projectIds: number[]): Promise<Map<number, number>>;
}

export function createFreeProjectService({ db }: Deps, dict: DictService, eligibility: Eligibility) {
  async function items(rows: repo.FreeProjectListRow[], user: AuthUser | null): Promise<FreeProjectListItem[]> {
    const [categories, mine] = await Promise.all([
      dict.labels('declare_category'),
      user?.enterpriseId ? eligibility.rowsFor(user.enterpriseId, rows.map((r) => r.id)) : null,
    ]);
    return rows.map((row) => ({
      ...projectSummary(row, categories),
      publishAt: row.publishAt,
      // Only a logged-in enterprise user learns anything about eligibility.
      ...(mine ? { eligible: mine.has(row.id), freeDeclareEntId: mine.get(row.id) ?? null } : {}),
    }));
  }

  return {
    async list(q: FreeProjectListQuery, user: AuthUser | null): Promise<Page<FreeProjectListItem>> {
      const { records, total } = await repo.listFreeProjects(db, q, new Date().toISOString());
      return toPage(await items(records, user), total, q);
    },

    async detail(rawId: unknown, user: AuthUser | null): Promise<FreeProjectDetail> {
      const row = await repo.findFreeProject(db, parseId(rawId, '免申即享项目'), new Date().toISOString());
      if (!row) throw notFound('该免申即享项目不存在或已下线');
      const [item] = await items([row], user);
      return { ...item, ...projectBody(row) };
    },
  };
}
