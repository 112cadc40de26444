import {
  DECLARE_ACTION,
  DECLARE_STATUS,
  DECLARE_STATUSES,
  declareSubmitSchema,
  EDITABLE_DECLARE_STATUSES,
  EVALUABLE_DECLARE_STATUSES,
  type DeclareDetail,
  type DeclareEditInput,
  type DeclareFormInput,
  type DeclareAction,
  type DeclareListItem,
  type DeclarePageQuery,
  type DeclareStatus,
  type PreEnInfo,
} from '#contract/declare-ent.ts';
import type { DeadlineSettings } from '#contract/deadline-settings.ts';
import { formatDate, formatDeadline } from '#contract/format.ts';
import { PROJECT_STATUS, projectStatus, wanToYuan, yuanToWan, yuanToWanOrNull } from '#contract/declare-project.ts';
import type { FileRef } from '#contract/envelope.ts';
import { toEvaluation, type EvaluateInput } from '#contract/evaluation.ts';
import type { Page } from '#contract/paging.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { enterpriseOf } from '#server/platform/auth/enterprise-user.ts';
import { badRequest, conflict, fieldErrors, notFound } from '#server/platform/http/errors.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import { parseJsonArray } from '#server/platform/http/json.ts';
import { countsByStatus, parseId, toPage } from '#server/platform/http/paging.ts';
import { isUniqueViolation } from '#server/platform/workflow/receipt.ts';
import type { Deps } from '#server/deps.ts';
import type { MaterialRow } from '../declare-project/declare-project.repository.ts';
import type { DeclareProjectService } from '../declare-project/declare-project.service.ts';
import type { FilesService } from '../files/files.service.ts';
import * as repo from './declare-ent.repository.ts';

const NOT_FOUND = '该申报不存在或不属于本企业';

export interface StoredMaterial {
  materialId: number;
  files: FileRef[];
}

/** The enterprise's particulars and the text, as declared. */
export const declaredParticulars = (row: Omit<repo.DeclarationRow, 'projectName' | 'projectApplyStart' | 'projectApplyEnd'>) => ({
  legalPerson: row.legalPerson,
  contactName: row.contactName,
  contactPhone: row.contactPhone,
  provinceCode: row.provinceCode,
  cityCode: row.cityCode,
  countyCode: row.countyCode,
  address: row.address,
  content: row.content,
});

/** Every material of the project, with the files the declaration (JSON `stored`) gives for it. */
export function declaredMaterials(materials: readonly MaterialRow[], stored: string) {
  const given = parseJsonArray<StoredMaterial>(stored);
  return materials.map((m) => ({
    materialId: m.id,
    name: m.name,
    required: m.required === 1,
    templateType: m.templateType,
    files: given.find((g) => g.materialId === m.id)?.files ?? [],
  }));
}
type Project = NonNullable<Awaited<ReturnType<DeclareProjectService['forDeclaration']>>>;

/** How the enterprise's own steps read in the timeline. */
export const APPLICANT = '申请企业';

/** A timeline row; `staffName` stays with staff. */
export function declareEvent(action: DeclareAction, actor: string, at: Date, note: string | null = null, staffName: string | null = null): repo.NewTimeline {
  return { action, actor, at: at.toISOString(), note, staffName };
}

/** A timeline row as the enterprise reads it. */
export const timelineEntry = (e: repo.TimelineRow) => ({ action: e.action, actionText: DECLARE_ACTION[e.action as DeclareAction] ?? e.action, note: e.note, at: e.at, actor: e.actor });

/**
 * A draft may change while the project is open; a returned declaration also until its
 * resubmission deadline, even once the window has closed.
 */
function mayEdit(row: Pick<repo.DeclarationRow, 'status' | 'resubmitDueAt'>, projectState: string, now: string): boolean {
  if (!EDITABLE_DECLARE_STATUSES.includes(row.status)) return false;
  return projectState === 'open' || (row.status === 'returned' && !!row.resubmitDueAt && now <= row.resubmitDueAt);
}

function toListItem(row: repo.DeclarationRow, now: string): DeclareListItem {
  const projectState = projectStatus(row.projectApplyStart, row.projectApplyEnd, now);
  const status = row.status;
  return {
    id: row.id,
    project: { id: row.projectId, name: row.projectName, applyEnd: row.projectApplyEnd, status: projectState, statusText: PROJECT_STATUS[projectState] },
    amountApplied: yuanToWanOrNull(row.amountApplied),
    amountApproved: yuanToWanOrNull(row.amountApproved),
    status,
    statusText: DECLARE_STATUS[status],
    submittedAt: row.submittedAt,
    reviewedAt: row.reviewedAt,
    reviewNote: row.reviewNote,
    resubmitDueAt: status === 'returned' ? row.resubmitDueAt : null,
    updatedAt: row.updatedAt,
    evaluation: toEvaluation(row),
    canEdit: mayEdit(row, projectState, now),
    canEvaluate: EVALUABLE_DECLARE_STATUSES.includes(status) && row.evaluationLevel === null,
  };
}

export function createDeclareEntService(
  { db }: Deps,
  { projects, files, deadlines }: { projects: DeclareProjectService; files: FilesService; deadlines: () => Promise<DeadlineSettings> },
) {
  /** The review is due this many working days (the setting) after the submission. */
  const reviewDue = async (at: Date) => addWorkingDays(at, (await deadlines()).declareReviewDays).toISOString();

  async function ownDeclaration(user: AuthUser, rawId: unknown): Promise<repo.DeclarationRow> {
    const enterpriseId = enterpriseOf(user);
    const row = await repo.findDeclaration(db, parseId(rawId, '申报'));
    // Declarations are never public: another enterprise's id answers exactly like an unknown one.
    if (!row || row.enterpriseId !== enterpriseId) throw notFound(NOT_FOUND);
    return row;
  }

  /** The project, open for this declaration: inside its window, or (`returned`) before the resubmission deadline. */
  async function openProject(rawProjectId: unknown, returned?: Pick<repo.DeclarationRow, 'status' | 'resubmitDueAt'>): Promise<Project> {
    const found = await projects.forDeclaration(parseId(rawProjectId, '申报项目'));
    if (!found || found.project.enabled !== 1) throw notFound('该申报项目不存在或已下线');
    const { project } = found;
    const now = new Date().toISOString();
    const state = projectStatus(project.applyStart, project.applyEnd, now);
    if (returned && mayEdit(returned, state, now)) return found;
    if (returned?.resubmitDueAt && state === 'closed') {
      throw conflict(`退回修改的申报须在 ${formatDeadline(returned.resubmitDueAt)} 前重新提交，现已逾期，不能再修改`);
    }
    if (state !== 'open') {
      const window = `${formatDate(project.applyStart)} 至 ${formatDate(project.applyEnd)}`;
      throw conflict(state === 'not_started' ? `该项目尚未开始申报（申报时间：${window}）` : `该项目申报已截止（申报时间：${window}），不能再新增或修改申报`);
    }
    return found;
  }

  /** Materials of the form: only the project's own items, each file an upload of this enterprise. */
  async function checkedMaterials(user: AuthUser, { materials }: Project, given: DeclareFormInput['materials'], kept: FileRef[]): Promise<StoredMaterial[]> {
    const known = new Set(materials.map((m) => m.id));
    const merged = new Map<number, FileRef[]>();
    for (const [i, m] of given.entries()) {
      const materialId = Number(m.materialId);
      if (!known.has(materialId)) throw badRequest('申报材料与该项目的材料清单不符，请刷新页面后重试', { [`materials.${i}.materialId`]: '该材料不属于此项目' });
      merged.set(materialId, [...(merged.get(materialId) ?? []), ...m.files]);
    }
    const out: StoredMaterial[] = [];
    for (const [materialId, refs] of merged) {
      if (refs.length) out.push({ materialId, files: await files.ownFiles(user, refs, `materials.${materialId}`, kept) });
    }
    return out;
  }

  /** Everything a submission needs, reported field by field. */
  async function submissionErrors(user: AuthUser, { project, materials }: Project, input: DeclareFormInput, stored: StoredMaterial[]) {
    const parsed = declareSubmitSchema.safeParse(Object.fromEntries(Object.keys(declareSubmitSchema.shape).map((k) => [k, input[k as keyof DeclareFormInput] ?? undefined])));
    const fields = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const profile = await repo.findEnterpriseProfile(db, enterpriseOf(user));
    if (parsed.success && profile && parsed.data.uscc !== profile.uscc) fields.uscc = '统一社会信用代码须与本企业一致，请核对';
    if (project.amountMax && input.amountApplied && input.amountApplied > yuanToWan(project.amountMax)) {
      fields.amountApplied = `申请金额不能超过该项目上限 ${yuanToWan(project.amountMax)} 万元`;
    }
    for (const m of materials) {
      if (m.required === 1 && !stored.some((s) => s.materialId === m.id && s.files.length)) fields[`materials.${m.id}`] = `请上传“${m.name}”`;
    }
    return fields;
  }

  /** The form's values as stored; `kept` are the files the declaration already holds. */
  async function formPatch(user: AuthUser, project: Project, input: DeclareFormInput, kept: FileRef[] = []) {
    const materials = await checkedMaterials(user, project, input.materials, kept);
    if (input.submit) {
      const fields = await submissionErrors(user, project, input, materials);
      if (Object.keys(fields).length) throw badRequest('还有内容未填写完整，请按提示补充后再提交', fields);
    }
    return {
      enterpriseName: input.enterpriseName ?? null,
      uscc: input.uscc?.toUpperCase() ?? null,
      legalPerson: input.legalPerson ?? null,
      contactName: input.contactName ?? null,
      contactPhone: input.contactPhone ?? null,
      provinceCode: input.provinceCode ?? null,
      cityCode: input.cityCode ?? null,
      countyCode: input.countyCode ?? null,
      address: input.address ?? null,
      content: input.content ?? null,
      amountApplied: input.amountApplied === null || input.amountApplied === undefined ? null : wanToYuan(input.amountApplied),
      materials: JSON.stringify(materials),
    };
  }

  const alreadyDeclared = (live: { id: number; status: DeclareStatus }) =>
    conflict(`本企业已有该项目的申报（申报编号 ${live.id}，状态：${DECLARE_STATUS[live.status]}），请在“我的申报”中继续办理`);

  return {
    /** The enterprise's declarations counted by status, for the user centre. */
    async countByStatus(user: AuthUser): Promise<Record<DeclareStatus, number>> {
      return countsByStatus(DECLARE_STATUSES, await repo.countOwnByStatus(db, enterpriseOf(user)));
    },

    async list(user: AuthUser, q: DeclarePageQuery): Promise<Page<DeclareListItem>> {
      const { records, total } = await repo.listOwnDeclarations(db, enterpriseOf(user), q);
      const now = new Date().toISOString();
      return toPage(records.map((r) => toListItem(r, now)), total, q);
    },

    /**
     * The enterprise's live declaration (any state but 不予通过) for a project, if it has one: the
     * project page then offers "continue" instead of "apply", and the form resumes it.
     */
    async liveFor(user: AuthUser, projectId: number): Promise<DeclareListItem | null> {
      if (user.enterpriseId === null) return null;
      const live = await repo.findLiveDeclaration(db, projectId, user.enterpriseId);
      const row = live && (await repo.findDeclaration(db, live.id));
      return row ? toListItem(row, new Date().toISOString()) : null;
    },

    async detail(user: AuthUser, rawId: unknown): Promise<DeclareDetail> {
      const row = await ownDeclaration(user, rawId);
      const [found, timeline] = await Promise.all([projects.forDeclaration(row.projectId), repo.listTimeline(db, row.id)]);
      return {
        ...toListItem(row, new Date().toISOString()),
        enterpriseName: row.enterpriseName,
        uscc: row.uscc,
        ...declaredParticulars(row),
        materials: declaredMaterials(found?.materials ?? [], row.materials),
        timeline: timeline.map(timelineEntry),
        createdAt: row.createdAt,
      };
    },

    /** A new declaration (draft, or submitted at once) inside the project's window; one live one per project. */
    async add(user: AuthUser, input: DeclareFormInput): Promise<{ id: number }> {
      const enterpriseId = enterpriseOf(user);
      const project = await openProject(input.projectId);
      const live = await repo.findLiveDeclaration(db, project.project.id, enterpriseId);
      if (live) throw alreadyDeclared(live);
      const patch = await formPatch(user, project, input);
      const at = new Date();
      const now = at.toISOString();
      try {
        const id = await repo.insertDeclaration(
          db,
          {
            ...patch,
            projectId: project.project.id,
            enterpriseId,
            userId: user.userId,
            status: input.submit ? 'submitted' : 'draft',
            submittedAt: input.submit ? now : null,
            reviewDueAt: input.submit ? await reviewDue(at) : null,
            createdAt: now,
            updatedAt: now,
          },
          input.submit ? [declareEvent('submitted', APPLICANT, at)] : [],
        );
        return { id };
      } catch (err) {
        // Two tabs saving at once: the unique index keeps one; the other hears which.
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.findLiveDeclaration(db, project.project.id, enterpriseId);
        throw winner ? alreadyDeclared(winner) : err;
      }
    },

    /** Changes a draft or a returned declaration inside the window; `submit` sends it for review. */
    async edit(user: AuthUser, input: DeclareEditInput): Promise<{ id: number }> {
      const row = await ownDeclaration(user, input.id);
      if (Number(input.projectId) !== row.projectId) throw badRequest('不能更换申报项目，请为其他项目新建申报', { projectId: '不能更换申报项目' });
      if (!EDITABLE_DECLARE_STATUSES.includes(row.status)) {
        throw conflict(`该申报${DECLARE_STATUS[row.status]}，只有草稿或退回修改的申报可以修改`);
      }
      const project = await openProject(row.projectId, row);
      const kept = parseJsonArray<StoredMaterial>(row.materials).flatMap((m) => m.files);
      const patch = await formPatch(user, project, input, kept);
      const at = new Date();
      const now = at.toISOString();
      const sent = input.submit ? { submittedAt: now, reviewDueAt: await reviewDue(at), resubmitDueAt: null } : {};
      const events = input.submit ? [declareEvent(row.status === 'returned' ? 'resubmitted' : 'submitted', APPLICANT, at)] : [];
      const moved = await repo.transition(db, row.id, { from: [row.status], patch: { ...patch, ...sent, status: input.submit ? 'submitted' : row.status, updatedAt: now }, events });
      if (!moved) throw conflict('该申报的状态刚刚发生了变化，请刷新后重试');
      return { id: row.id };
    },

    /** 好差评, once, after the review result (审核通过 or 不予通过). */
    async evaluate(user: AuthUser, input: EvaluateInput): Promise<void> {
      const row = await ownDeclaration(user, input.id);
      if (!EVALUABLE_DECLARE_STATUSES.includes(row.status)) throw conflict('审核结果出来后才能评价');
      if (row.evaluationLevel !== null) throw conflict('该申报已经评价过了，每项申报只能评价一次');
      const now = new Date().toISOString();
      const done = await repo.transition(db, row.id, { from: [row.status], patch: { evaluationLevel: input.level, evaluationComment: input.comment ?? null, evaluatedAt: now } });
      if (!done) throw conflict('该申报的状态刚刚发生了变化，请刷新后重试');
    },

    /** The enterprise profile under the form's field names, to prefill a declaration. */
    async preEnInfo(user: AuthUser): Promise<PreEnInfo> {
      const p = await repo.findEnterpriseProfile(db, enterpriseOf(user));
      if (!p) throw notFound('未找到本企业的信息，请在用户中心完善企业信息');
      return {
        enterpriseName: p.name,
        uscc: p.uscc,
        legalPerson: p.legalPerson,
        contactName: p.contactName,
        contactPhone: p.contactPhone,
        provinceCode: p.provinceCode,
        cityCode: p.cityCode,
        countyCode: p.countyCode,
        address: p.address,
      };
    },
  };
}

export type DeclareEntService = ReturnType<typeof createDeclareEntService>;
