import {
  PROJECT_STATUS,
  projectStatus,
  yuanToWanOrNull,
  type Material,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectListQuery,
} from '#contract/declare-project.ts';
import { TEMPLATE_TYPES, type TemplateType } from '#contract/files.ts';
import type { Page } from '#contract/paging.ts';
import type { ProjectSummary } from '#contract/project-fields.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { sanitizeRichText } from '#server/platform/http/html.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import type { DictService } from '../dict/dict.service.ts';
import * as repo from './declare-project.repository.ts';

export const toMaterial = (m: repo.MaterialRow): Material => ({
  id: m.id,
  name: m.name,
  required: m.required === 1,
  templateType: TEMPLATE_TYPES.includes(m.templateType as TemplateType) ? (m.templateType as TemplateType) : null,
});

type SummaryRow = Pick<repo.ProjectListRow, 'id' | 'name' | 'category' | 'department' | 'policyId' | 'amountMin' | 'amountMax'>;

/** The fields 申报项目 and 免申即享 projects share (contract/project-fields.ts), row → API. */
export const projectSummary = (row: SummaryRow, categories: Map<string, string>): ProjectSummary => ({
  id: row.id,
  name: row.name,
  category: row.category,
  categoryText: categories.get(row.category) ?? row.category,
  department: row.department,
  policyId: row.policyId,
  amountMin: yuanToWanOrNull(row.amountMin),
  amountMax: yuanToWanOrNull(row.amountMax),
});

/** The detail text of both: the content is staff-written HTML, sanitised on the way out. */
export const projectBody = (row: { conditions: string; content: string }) => ({ conditions: row.conditions, content: sanitizeRichText(row.content) });

export function createDeclareProjectService({ db, kv }: Deps, dict: DictService) {
  // Every uncached home page lists the open projects: answers are kept 30 s under the content
  // version, which also bounds how late a window's opening or closing shows in a list.
  const lists = new ListCache(200, 30_000);
  async function mapper(now: string) {
    const categories = await dict.labels('declare_category');
    return (row: repo.ProjectListRow): ProjectListItem => {
      const status = projectStatus(row.applyStart, row.applyEnd, now);
      return {
        ...projectSummary(row, categories),
        applyStart: row.applyStart,
        applyEnd: row.applyEnd,
        status,
        statusText: PROJECT_STATUS[status],
      };
    };
  }

  return {
    async list(q: ProjectListQuery): Promise<Page<ProjectListItem>> {
      return lists.get(JSON.stringify([await contentVersion(kv), q]), async () => {
        const now = new Date().toISOString();
        const [{ records, total }, toItem] = await Promise.all([repo.listProjects(db, q, now), mapper(now)]);
        return toPage(records.map(toItem), total, q);
      });
    },

    async detail(rawId: unknown): Promise<ProjectDetail> {
      const id = parseId(rawId, '申报项目');
      const [row, materials, toItem] = await Promise.all([repo.findProject(db, id), repo.listMaterials(db, id), mapper(new Date().toISOString())]);
      if (!row) throw notFound('该申报项目不存在或已下线');
      return { ...toItem(row), ...projectBody(row), materials: materials.map(toMaterial) };
    },

    /** The project and its materials, for the declaration rules (window, required materials). */
    async forDeclaration(projectId: number) {
      const [project, materials] = await Promise.all([repo.findProject(db, projectId), repo.listMaterials(db, projectId)]);
      return project ? { project, materials } : null;
    },
  };
}

export type DeclareProjectService = ReturnType<typeof createDeclareProjectService>;
