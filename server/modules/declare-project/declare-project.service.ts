import { shanghaiDayEnd, shanghaiDayStart } from '#contract/format.ts';
import {
  PROJECT_STATUS,
  projectStatus,
  wanToYuan,
  yuanToWanOrNull,
  type DeclareProjectConsoleQuery,
  type DeclareProjectConsoleRow,
  type DeclareProjectSave,
  type Material,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectListQuery,
} from '#contract/declare-project.ts';
import { TEMPLATE_TYPES, type TemplateType } from '#contract/files.ts';
import { ruleText, type Rule } from '#contract/match-rules.ts';
import type { Page } from '#contract/paging.ts';
import type { ProjectSummary } from '#contract/project-fields.ts';
import { bumpContentVersion, contentVersion } from '#server/platform/page-cache/content-version.ts';
import { setEnabledOnce } from '#server/db/directory.ts';
import type { Db } from '#server/db/database.ts';
import { badRequest, conflict, notFound } from '#server/platform/http/errors.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { sanitizeRichText } from '#server/platform/http/html.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import type { DictService } from '../dict/dict.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { publishContentFiles } from '../files/content-files.ts';
import * as repo from './declare-project.repository.ts';
import { reindexRecords } from '../search/search.indexer.ts';

export const toMaterial = (m: repo.MaterialRow): Material => ({
  id: m.id,
  name: m.name,
  required: m.required === 1,
  templateType: TEMPLATE_TYPES.includes(m.templateType as TemplateType) ? (m.templateType as TemplateType) : null,
  template: m.templatePath && m.templateName ? { name: m.templateName, path: m.templatePath } : null,
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

/** The detail text of both: the content is staff-written HTML, sanitised on the way out (under the page's h2 “政策内容”/“项目内容”). */
export const projectBody = (row: { conditions: string; content: string }) => ({ conditions: row.conditions, content: sanitizeRichText(row.content, { headingsFrom: 3 }) });

/** The rules of a project as the console shows them: the tree and its sentence. */
export function projectRules(rules: string | null): { rules: Rule | null; rulesText: string | null } {
  const rule = rules ? (JSON.parse(rules) as Rule) : null;
  return { rules: rule, rulesText: rule ? ruleText(rule) : null };
}

/**
 * The fields both project kinds share, as stored: the category must be an option of
 * declare_category, the policy one that exists; 万元 become 元; the content is sanitised.
 */
export async function checkedProjectFields(db: Db, dict: DictService, p: Omit<DeclareProjectSave, 'id' | 'applyStart' | 'applyEnd' | 'materials'>) {
  if (!(await dict.label('declare_category', p.category))) throw badRequest('项目类别不存在，请重新选择', { category: '项目类别不存在，请重新选择' });
  if (p.policyId !== null && !(await repo.policyExists(db, p.policyId))) throw badRequest('关联的政策不存在，请核对政策编号', { policyId: '关联的政策不存在，请核对政策编号' });
  return {
    name: p.name,
    category: p.category,
    department: p.department,
    policyId: p.policyId,
    amountMin: p.amountMin === null ? null : wanToYuan(p.amountMin),
    amountMax: p.amountMax === null ? null : wanToYuan(p.amountMax),
    conditions: p.conditions,
    content: sanitizeRichText(p.content),
    // Left out, the saved rules stay: an editor that does not show them cannot wipe them.
    ...(p.rules === undefined ? {} : { rules: p.rules === null ? null : JSON.stringify(p.rules) }),
  };
}

const GONE = '该申报项目不存在或已删除';

export function createDeclareProjectService({ db, kv }: Deps, dict: DictService, files: FilesService) {
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
      if (!row || row.enabled !== 1) throw notFound('该申报项目不存在或已下线');
      return { ...toItem(row), ...projectBody(row), materials: materials.map(toMaterial) };
    },

    /** The console's list: unpublished projects too, each with its materials and declarations counted. */
    async consoleList(q: DeclareProjectConsoleQuery): Promise<Page<DeclareProjectConsoleRow>> {
      const now = new Date().toISOString();
      const [{ records, total }, toItem] = await Promise.all([repo.listConsoleProjects(db, q), mapper(now)]);
      const materials = await repo.listMaterialsOf(db, records.map((r) => r.id));
      return toPage(
        records.map((r) => ({
          ...toItem(r),
          conditions: r.conditions,
          content: r.content,
          ...projectRules(r.rules),
          enabled: r.enabled === 1,
          materials: materials.filter((m) => m.projectId === r.id).map(toMaterial),
          declarations: Number(r.declarations ?? 0),
          updatedAt: r.updatedAt,
        })),
        total,
        q,
      );
    },

    /**
     * A new project (kept off the public list until it is published) or a change, with its
     * materials: a line declarations refer to keeps its id and cannot be removed once anyone has
     * declared; templates must be files uploaded in the console.
     */
    async save({ id, applyStart, applyEnd, materials, ...fields }: DeclareProjectSave): Promise<{ id: number }> {
      const values = { ...(await checkedProjectFields(db, dict, fields)), applyStart: shanghaiDayStart(applyStart).toISOString(), applyEnd: shanghaiDayEnd(applyEnd).toISOString() };
      if (id !== null) {
        const [row, current, declared] = await Promise.all([repo.findProject(db, id), repo.listMaterials(db, id), repo.countDeclarations(db, id)]);
        if (!row) throw notFound(GONE);
        const known = new Set(current.map((m) => m.id));
        const stranger = materials.find((m) => m.id !== null && !known.has(m.id));
        if (stranger) throw badRequest(`材料“${stranger.name}”不属于该项目，请刷新后重新编辑`, { materials: `材料“${stranger.name}”不属于该项目，请刷新后重新编辑` });
        const removed = current.filter((m) => !materials.some((k) => k.id === m.id));
        if (declared && removed.length) {
          throw conflict(`已有企业申报该项目，不能删除材料“${removed.map((m) => m.name).join('”“')}”；不再需要时可改为选填`);
        }
      }
      const lines = await Promise.all(
        materials.map(async (m, i) => {
          const [template] = m.template ? await files.contentFiles([m.template], `materials.${i}.template`) : [null];
          return { id: id === null ? null : m.id, name: m.name, required: m.required ? 1 : 0, templateType: m.templateType, templateName: template?.name ?? null, templatePath: template?.path ?? null };
        }),
      );
      const saved = await repo.saveProject(db, id, values, lines);
      // An edit of a project already on the public list is public at once, files included.
      if (id !== null && (await repo.findProject(db, saved))?.enabled === 1) {
        await publishContentFiles(db, [values.conditions, values.content], lines.flatMap((l) => (l.templatePath ? [{ path: l.templatePath }] : [])));
      }
      await reindexRecords(db, 'declare-project', [saved]);
      await bumpContentVersion(kv);
      return { id: saved };
    },

    /** 发布 (on the public list) or 下线, once: the same state twice is a 409. */
    async setEnabled(id: number, enabled: boolean): Promise<{ id: number }> {
      if (!(await setEnabledOnce(db, 'declareProject', id, enabled))) {
        if (!(await repo.findProject(db, id))) throw notFound(GONE);
        throw conflict(enabled ? '该项目已发布，无需再次发布' : '该项目未发布或已下线，无需再次下线');
      }
      if (enabled) {
        const [project, materials] = await Promise.all([repo.findProject(db, id), repo.listMaterials(db, id)]);
        await publishContentFiles(db, [project?.conditions, project?.content], materials.flatMap((m) => (m.templatePath ? [{ path: m.templatePath }] : [])));
      }
      await reindexRecords(db, 'declare-project', [id]);
      await bumpContentVersion(kv);
      return { id };
    },

    /** The project and its materials, for the declaration rules (window, required materials). */
    async forDeclaration(projectId: number) {
      const [project, materials] = await Promise.all([repo.findProject(db, projectId), repo.listMaterials(db, projectId)]);
      return project ? { project, materials } : null;
    },
  };
}

export type DeclareProjectService = ReturnType<typeof createDeclareProjectService>;
