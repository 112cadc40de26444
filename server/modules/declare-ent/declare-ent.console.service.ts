import { DECLARE_STATUS, type DeclareStatus } from '#contract/declare-ent.ts';
import { PROJECT_STATUS, projectStatus, wanToYuan, yuanToWan, yuanToWanOrNull } from '#contract/declare-project.ts';
import {
  type ReviewDetail,
  type ReviewInput,
  type ReviewItem,
  type ReviewProject,
  type ReviewQuery,
} from '#contract/declare-ent.console.ts';
import { toEvaluation } from '#contract/evaluation.ts';
import { BUREAU, formatDateTime, formatDeadline } from '#contract/format.ts';
import { SMS_STATUS, type SmsStatus } from '#contract/message.ts';
import type { CappedPage } from '#contract/paging.ts';
import { officeOf, type StaffActor } from '#contract/staff.ts';
import { badRequest, conflict, notFound } from '#server/platform/http/errors.ts';
import { parseJsonArray } from '#server/platform/http/json.ts';
import { parseId, pastCapMemo, toCappedPage } from '#server/platform/http/paging.ts';
import { writeVersion } from '#server/db/database.ts';
import { deadlineBounds, deadlineFlags } from '#server/platform/workflow/deadline-flags.ts';
import { nextStamp } from '#server/platform/workflow/step-stamp.ts';
import { nextInQueue } from '#server/platform/workflow/next-in-queue.ts';
import type { QueueNext } from '#contract/queue-next.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import type { WaitingCounts } from '#contract/dashboard.ts';
import type { DeadlineSettings } from '#contract/deadline-settings.ts';
import type { Deps } from '#server/deps.ts';
import type { DeclareProjectService } from '../declare-project/declare-project.service.ts';
import type { Download, FilesService } from '../files/files.service.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import { declaredMaterials, declaredParticulars, declareEvent, timelineEntry, type StoredMaterial } from './declare-ent.service.ts';
import * as declarations from './declare-ent.repository.ts';
import * as repo from './declare-ent.console.repository.ts';
import { addTextRow, exportSheet } from '#server/platform/excel.ts';
import { whileUnchanged } from '#server/db/while-unchanged.ts';

type Actor = Pick<StaffActor, 'id' | 'name' | 'departmentName' | 'permissions'>;

const NOT_FOUND = '该申报不存在或尚未提交';
const MOVED_ON = '该申报刚刚被其他人处理过，请刷新后重试';
const statusText = (s: string) => DECLARE_STATUS[s as DeclareStatus] ?? s;
/** The enterprise's own page of a declaration, where the messages lead. */
export const declarationLink = (id: number) => `/free-apply/components/apply-form?id=${id}`;

function toItem(row: repo.QueueRow | repo.ReviewRow, now: Date): ReviewItem {
  const dueAt = row.status === 'submitted' ? row.reviewDueAt : null;
  return {
    id: row.id,
    project: { id: row.projectId, name: row.projectName },
    enterpriseName: row.enterpriseName,
    uscc: row.uscc,
    amountApplied: yuanToWanOrNull(row.amountApplied),
    amountApproved: yuanToWanOrNull(row.amountApproved),
    status: row.status as DeclareStatus,
    statusText: statusText(row.status),
    submittedAt: row.submittedAt,
    reviewedAt: row.reviewedAt,
    resubmitDueAt: row.status === 'returned' ? row.resubmitDueAt : null,
    dueAt,
    ...deadlineFlags(dueAt, now),
  };
}

/** What the enterprise is told of a result, and by SMS. */
function resultNotice(row: repo.ReviewRow, content: string, returned: boolean): Notice {
  return {
    enterpriseId: row.enterpriseId,
    title: `申报“${row.projectName}”${returned ? '已退回修改' : '审核结果'}`.slice(0, 100),
    content,
    link: declarationLink(row.id),
    sms: { phone: row.applicantPhone, template: returned ? 'declare_returned' : 'declare_reviewed', subject: row.projectName },
  };
}

/**
 * The bureau's review of declarations (docs/console.md "Declaration review"): queues per project,
 * the materials in the browser, one result per submission (a compare-and-set on the row as it
 * was read), a timeline row the enterprise sees, a message and an SMS; the console's hook audits.
 */
export function createDeclareEntConsoleService(
  { db }: Deps,
  { projects, files, message, deadlines }: { projects: DeclareProjectService; files: FilesService; message: MessageService; deadlines: () => Promise<DeadlineSettings> },
) {
  async function load(rawId: unknown): Promise<repo.ReviewRow> {
    const row = await repo.findForReview(db, parseId(rawId, '申报'));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** The amount a reviewer grants: at most what was asked and at most the project's cap. */
  function checkedAmount(row: repo.ReviewRow, wan: number): number {
    const yuan = wanToYuan(wan);
    if (row.amountApplied !== null && yuan > row.amountApplied) {
      throw badRequest('核定金额不能超过申请金额', { amountApproved: `核定金额不能超过申请金额 ${yuanToWan(row.amountApplied)} 万元` });
    }
    if (row.projectAmountMax !== null && yuan > row.projectAmountMax) {
      throw badRequest('核定金额不能超过项目上限', { amountApproved: `核定金额不能超过该项目上限 ${yuanToWan(row.projectAmountMax)} 万元` });
    }
    return yuan;
  }

  const queueTotal = pastCapMemo({ version: writeVersion(db, ['declareEnt', 'enterprise']) });
  const waiting = whileUnchanged<WaitingCounts>(writeVersion(db, ['declareEnt']));
  const projectQueues = whileUnchanged<Awaited<ReturnType<typeof repo.listProjectQueues>>>(writeVersion(db, ['declareProject', 'declareEnt']));

  return {
    /** The projects, with what waits in each (待审核, 超期), newest window first. */
    async projects(): Promise<ReviewProject[]> {
      const now = new Date().toISOString();
      return (await projectQueues('all', () => repo.listProjectQueues(db, now))).map((p) => {
        const status = projectStatus(p.applyStart, p.applyEnd, now);
        return { ...p, amountMax: yuanToWanOrNull(p.amountMax), status, statusText: PROJECT_STATUS[status] };
      });
    },

    /** Declarations waiting for review, and those overdue, each counted to at most `cap` (the dashboard). */
    async waitingCounts(cap: number): Promise<WaitingCounts> {
      return waiting(String(cap), () => repo.countWaiting(db, new Date().toISOString(), cap));
    },

    async list(q: ReviewQuery): Promise<CappedPage<ReviewItem>> {
      const now = new Date();
      const bounds = deadlineBounds(now);
      const { currentPage, pageSize, ...filter } = q;
      const [records, count] = await Promise.all([repo.queuePage(db, q, bounds), queueTotal(filter, (exact) => repo.queueTotal(db, q, bounds, exact))]);
      return toCappedPage(records.map((r) => toItem(r, now)), count, { currentPage, pageSize });
    },

    /** 下一条: the declaration after `id` in the review list of these filters. */
    async next(q: ReviewQuery, id: number, at: number): Promise<QueueNext> {
      const bounds = deadlineBounds(new Date());
      return nextInQueue(async (i) => (await repo.queuePage(db, { ...q, currentPage: i + 1, pageSize: 1 }, bounds))[0]?.id ?? null, id, at);
    },

    async detail(actor: Actor, rawId: unknown): Promise<ReviewDetail> {
      const row = await load(rawId);
      const [found, timeline, sms] = await Promise.all([projects.forDeclaration(row.projectId), declarations.listTimeline(db, row.id), message.smsFor(declarationLink(row.id))]);
      return {
        ...toItem(row, new Date()),
        project: { id: row.projectId, name: row.projectName, applyEnd: row.projectApplyEnd, amountMax: yuanToWanOrNull(row.projectAmountMax) },
        enterpriseName: row.enterpriseName,
        ...declaredParticulars(row),
        reviewNote: row.reviewNote,
        updatedAt: row.updatedAt,
        evaluation: toEvaluation(row),
        materials: declaredMaterials(found?.materials ?? [], row.materials),
        timeline: timeline.map((e) => ({ ...timelineEntry(e), staffName: e.staffName })),
        sms: sms.map((s) => ({ ...s, statusText: SMS_STATUS[s.status as SmsStatus] ?? s.status })),
        createdAt: row.createdAt,
        canReview: row.status === 'submitted' && actor.permissions.includes('declare:review'),
      };
    },

    /** 审核通过 (with the amount granted), 退回修改 (resubmit within 5 working days) or 不予通过. */
    async review(actor: Actor, input: ReviewInput): Promise<void> {
      const row = await load(input.id);
      if (row.status !== 'submitted') throw conflict(`只有待审核的申报可以审核（当前状态：${statusText(row.status)}）`);
      const at = nextStamp(row);
      const note = input.note || null;
      const base = { status: input.result, reviewNote: note, reviewedAt: at.toISOString(), reviewDueAt: null, updatedAt: at.toISOString() };
      let patch: declarations.DeclarationPatch;
      let notice: Notice;
      let timelineNote = note;
      if (input.result === 'approved') {
        const amount = checkedAmount(row, input.amountApproved!);
        patch = { ...base, amountApproved: amount };
        timelineNote = `核定金额 ${yuanToWan(amount)} 万元${note ? `。${note}` : ''}`;
        notice = resultNotice(row, `审核通过，核定金额 ${yuanToWan(amount)} 万元。${note ? `审核意见：${note}` : ''}`, false);
      } else if (input.result === 'returned') {
        const resubmitDueAt = addWorkingDays(at, (await deadlines()).declareResubmitDays).toISOString();
        patch = { ...base, resubmitDueAt };
        timelineNote = `${note}（请于 ${formatDeadline(resubmitDueAt)} 前修改后重新提交）`;
        notice = resultNotice(row, `已退回修改，请在 ${formatDeadline(resubmitDueAt)} 前按审核意见修改后重新提交，逾期不能再提交。审核意见：${note}`, true);
      } else {
        patch = base;
        notice = resultNotice(row, `不予通过。审核意见：${note}`, false);
      }
      const moved = await declarations.transition(db, row.id, {
        from: ['submitted'],
        unchangedSince: row.updatedAt,
        patch,
        events: [declareEvent(input.result, officeOf(actor), at, timelineNote, actor.name)],
        within: (trx) => message.record(trx, [notice]),
      });
      if (!moved) throw conflict(MOVED_ON);
      message.deliver(moved.result ?? []);
    },

    /** A material file of the declaration, for the reviewer's browser: only files the declaration holds. */
    async materialFile(rawId: unknown, path: string): Promise<Download> {
      const row = await load(rawId);
      const held = parseJsonArray<StoredMaterial>(row.materials).flatMap((m) => m.files);
      if (!held.some((f) => f.path === path)) throw notFound('该申报中没有这个文件');
      return files.openNamed(path);
    },

    /** A project's declarations as an XLSX workbook (申报汇总), with the file name to give it. */
    async exportXlsx(rawProjectId: unknown): Promise<{ name: string; body: Buffer; rows: number }> {
      const project = await repo.findProjectName(db, parseId(rawProjectId, '申报项目'));
      if (!project) throw notFound('该申报项目不存在');
      const rows = await repo.listForExport(db, project.id);
      const { book, sheet } = await exportSheet(
        '申报汇总',
        [
        { header: '申报编号', key: 'id', width: 10 },
        { header: '企业名称', key: 'enterpriseName', width: 36 },
        { header: '统一社会信用代码', key: 'uscc', width: 22 },
        { header: '联系人', key: 'contactName', width: 12 },
        { header: '联系电话', key: 'contactPhone', width: 16 },
        { header: '申请金额（万元）', key: 'amountApplied', width: 16 },
        { header: '核定金额（万元）', key: 'amountApproved', width: 16 },
        { header: '状态', key: 'status', width: 12 },
        { header: '提交时间', key: 'submittedAt', width: 20 },
        { header: '审核时间', key: 'reviewedAt', width: 20 },
        { header: '审核意见', key: 'reviewNote', width: 50 },
        ],
        BUREAU,
      );
      for (const r of rows) {
        addTextRow(sheet, {
          ...r,
          amountApplied: yuanToWanOrNull(r.amountApplied),
          amountApproved: yuanToWanOrNull(r.amountApproved),
          status: statusText(r.status),
          submittedAt: r.submittedAt ? formatDateTime(r.submittedAt) : '',
          reviewedAt: r.reviewedAt ? formatDateTime(r.reviewedAt) : '',
        });
      }
      const body = Buffer.from(await book.xlsx.writeBuffer());
      return { name: `${project.name}-申报汇总.xlsx`, body, rows: rows.length };
    },
  };
}

export type DeclareEntConsoleService = ReturnType<typeof createDeclareEntConsoleService>;
