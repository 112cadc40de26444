import { yuanToWan } from '#contract/declare-project.ts';
import type { Page } from '#contract/paging.ts';
import type { DeadlineSettings } from '#contract/deadline-settings.ts';
import {
  OBJECTION_RESULT,
  OBJECTION_STATUS,
  PROCLAMATION_STATUS,
  type AnswerObjectionInput,
  type ConsoleProclamationDetail,
  type ConsoleProclamationItem,
  type ConsoleProclamationQuery,
  type GenerateProclamationInput,
  type ObjectionItem,
  type ObjectionQuery,
  type ObjectionResult,
  type ObjectionStatus,
  type ProclamationAction,
  type ProclamationStatus,
  type RevokeProclamationInput,
} from '#contract/proclamation.console.ts';
import type { QueueNext } from '#contract/queue-next.ts';
import type { StaffActor } from '#contract/staff.ts';
import { BUREAU, formatDeadline } from '#contract/format.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import { sanitizeRichText } from '#server/platform/http/html.ts';
import { parseFiles, parseJsonArray } from '#server/platform/http/json.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import { deadlineFlags } from '#server/platform/workflow/deadline-flags.ts';
import { nextInQueue } from '#server/platform/workflow/next-in-queue.ts';
import { isUniqueViolation } from '#server/platform/workflow/receipt.ts';
import { nextStamp } from '#server/platform/workflow/step-stamp.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import type { WaitingCounts } from '#contract/dashboard.ts';
import type { Deps } from '#server/deps.ts';
import type { Download, FilesService } from '../files/files.service.ts';
import type { MessageService } from '../message/message.service.ts';
import * as repo from './proclamation.console.repository.ts';
import { writeVersion } from '#server/db/database.ts';
import { whileUnchanged } from '#server/db/while-unchanged.ts';
import { reindexRecords } from '../search/search.indexer.ts';

type Actor = Pick<StaffActor, 'id' | 'name' | 'permissions'>;

const NOT_FOUND = '该公示不存在';
const MOVED_ON = '该公示刚刚被其他人处理过，请刷新后重试';
const stateText = (s: string) => PROCLAMATION_STATUS[s as ProclamationStatus] ?? s;

/** A 公示's page on the portal, where the objector reads the answer. */
export const proclamationLink = (projectId: number, id: number) => `/free-apply/proclamation/detail?projectId=${projectId}&id=${id}`;

/** The texts of an objection's state and result, for the objector and for staff alike. */
export function objectionTexts(row: { status: string; result: string | null }) {
  return {
    status: row.status as ObjectionStatus,
    statusText: OBJECTION_STATUS[row.status as ObjectionStatus] ?? row.status,
    result: row.result as ObjectionResult | null,
    resultText: row.result ? (OBJECTION_RESULT[row.result as ObjectionResult] ?? row.result) : null,
  };
}

interface StoredEnterprise {
  enterpriseName: string;
  /** Integer 元. */
  amount: number;
}

function toItem(row: repo.ProclamationRow, now: string): ConsoleProclamationItem {
  const draft = row.status === 'draft';
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    title: row.title,
    status: row.status as ProclamationStatus,
    statusText: stateText(row.status),
    publishAt: draft ? null : row.publishAt,
    objectionEndAt: draft ? null : row.objectionEndAt,
    objectionOpen: row.status === 'published' && now <= row.objectionEndAt,
    enterpriseCount: parseJsonArray(row.enterprises).length,
    pendingObjections: Number(row.pendingObjections ?? 0),
    createdAt: row.createdAt,
  };
}

function toObjection(row: repo.ObjectionRow, now: Date): ObjectionItem {
  const dueAt = row.status === 'received' ? row.dueAt : null;
  return {
    id: row.id,
    receiptNo: row.receiptNo,
    proclamationId: row.proclamationId,
    proclamationTitle: row.proclamationTitle,
    enterpriseName: row.enterpriseName,
    reason: row.reason,
    attachments: parseFiles(row.attachments),
    ...objectionTexts(row),
    reply: row.reply,
    answeredAt: row.answeredAt,
    staffName: row.staffName,
    createdAt: row.createdAt,
    dueAt,
    ...deadlineFlags(dueAt, now),
  };
}

/**
 * 公示 in the console (docs/console.md "公示"): generated from a project's approved declarations,
 * published with a 5-working-day objection window, concluded after it with every objection
 * answered, or revoked with a reason. Each step is a compare-and-set; the console's hook audits.
 */
export function createProclamationConsoleService(
  { db, kv }: Deps,
  { files, message, deadlines }: { files: FilesService; message: MessageService; deadlines: () => Promise<DeadlineSettings> },
) {
  async function load(rawId: unknown): Promise<repo.ProclamationFull> {
    const row = await repo.findProclamation(db, parseId(rawId, '公示'));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  function requireState(row: repo.ProclamationFull, allowed: readonly ProclamationStatus[], doing: string) {
    if (!allowed.includes(row.status as ProclamationStatus)) throw conflict(`${doing}（当前状态：${stateText(row.status)}）`);
  }

  async function move(row: repo.ProclamationFull, from: readonly ProclamationStatus[], patch: Parameters<typeof repo.updateProclamationIf>[4]) {
    if (!(await repo.updateProclamationIf(db, row.id, from, row.updatedAt, patch))) throw conflict(MOVED_ON);
    // The public lists are cached under the content version.
    if (row.status !== 'draft' || patch.status === 'published') {
      await reindexRecords(db, 'proclamation', [row.id]);
      await bumpContentVersion(kv);
    }
  }

  const waitingObjections = whileUnchanged<WaitingCounts>(writeVersion(db, ['proclamationObjection']));

  function actionsFor(row: repo.ProclamationFull, now: string): ProclamationAction[] {
    const out: ProclamationAction[] = [];
    if (row.status === 'draft') out.push('publish');
    if (row.status === 'published' && now > row.objectionEndAt && Number(row.pendingObjections) === 0) out.push('conclude');
    if (row.status === 'draft' || row.status === 'published') out.push('revoke');
    return out;
  }

  return {
    async list(q: ConsoleProclamationQuery): Promise<Page<ConsoleProclamationItem>> {
      const now = new Date().toISOString();
      const { records, total } = await repo.listProclamations(db, q);
      return toPage(records.map((r) => toItem(r, now)), total, q);
    },

    /** 下一条: the 公示 after `id` in the list of these filters (期满待结束, 草稿 …). */
    async next(q: ConsoleProclamationQuery, id: number, at: number): Promise<QueueNext> {
      return nextInQueue((i) => repo.proclamationIdAt(db, q, i), id, at);
    },

    async detail(rawId: unknown): Promise<ConsoleProclamationDetail> {
      const row = await load(rawId);
      const now = new Date();
      const enterprises = parseJsonArray<StoredEnterprise>(row.enterprises);
      const objections = await repo.listObjectionsOf(db, row.id);
      return {
        ...toItem(row, now.toISOString()),
        content: sanitizeRichText(row.content),
        enterprises: enterprises.map((e) => ({ enterpriseName: e.enterpriseName, amount: yuanToWan(e.amount) })),
        totalAmount: yuanToWan(enterprises.reduce((sum, e) => sum + e.amount, 0)),
        revokeReason: row.revokeReason,
        closedAt: row.closedAt,
        objections: objections.map((o) => toObjection(o, now)),
        actions: actionsFor(row, now.toISOString()),
      };
    },

    /** A draft listing the project's approved declarations with the amounts granted; one live 公示 per project. */
    async generate(input: GenerateProclamationInput): Promise<{ id: number }> {
      const project = await repo.findProject(db, input.projectId);
      if (!project) throw notFound('该申报项目不存在');
      const live = await repo.findLiveOfProject(db, project.id);
      const already = (l: { id: number; status: string }) => conflict(`该项目已有${stateText(l.status)}的公示（编号 ${l.id}），请先处理该公示`);
      if (live) throw already(live);
      const approved = await repo.listApproved(db, project.id);
      if (!approved.length) throw conflict('该项目还没有审核通过的申报，不能生成公示');
      const now = new Date().toISOString();
      const { objectionWindowDays, objectionReplyDays } = await deadlines();
      const content =
        `<p>根据《${project.name}申报指南》，经企业申报、审核，现将拟支持企业名单予以公示，公示期为 ${objectionWindowDays} 个工作日。</p>` +
        `<p>公示期间，任何单位和个人对公示内容有异议的，可通过本平台实名提出异议，我们将在 ${objectionReplyDays} 个工作日内核查答复。逾期不予受理。</p>` +
        `<p style="text-align:right">${BUREAU}</p>`;
      try {
        const id = await repo.insertProclamation(db, {
          projectId: project.id,
          title: input.title || `关于${project.name}拟支持企业名单的公示`,
          content,
          enterprises: JSON.stringify(approved.map((d) => ({ enterpriseName: d.enterpriseName, amount: d.amountApproved ?? 0 }))),
          status: 'draft',
          // Not yet published: both dates hold the generation time until publish sets them.
          publishAt: now,
          objectionEndAt: now,
          createdAt: now,
          updatedAt: now,
        });
        return { id };
      } catch (err) {
        // Two clicks at once: the unique index keeps one draft.
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.findLiveOfProject(db, project.id);
        throw winner ? already(winner) : err;
      }
    },

    /** Shows it on the public pages now; objections are taken for 5 working days. */
    async publish(rawId: unknown): Promise<void> {
      const row = await load(rawId);
      requireState(row, ['draft'], '只有草稿可以发布');
      const at = nextStamp(row);
      await move(row, ['draft'], {
        status: 'published',
        publishAt: at.toISOString(),
        objectionEndAt: addWorkingDays(at, (await deadlines()).objectionWindowDays).toISOString(),
        updatedAt: at.toISOString(),
      });
    },

    /** 公示结束: only after the objection window, with every objection answered. */
    async conclude(rawId: unknown): Promise<void> {
      const row = await load(rawId);
      requireState(row, ['published'], '只有公示中的公示可以结束');
      const at = nextStamp(row);
      if (at.toISOString() <= row.objectionEndAt) throw conflict(`异议期至 ${formatDeadline(row.objectionEndAt)} 结束，期满后才能结束公示`);
      const waiting = Number(row.pendingObjections);
      if (waiting) throw conflict(`还有 ${waiting} 件异议未答复，全部答复后才能结束公示`);
      await move(row, ['published'], { status: 'concluded', closedAt: at.toISOString(), updatedAt: at.toISOString() });
    },

    /** Withdraws a draft or a published 公示 (it leaves the public pages), with the reason kept. */
    async revoke(input: RevokeProclamationInput): Promise<void> {
      const row = await load(input.id);
      requireState(row, ['draft', 'published'], '只有草稿或公示中的公示可以撤销');
      const at = nextStamp(row);
      await move(row, ['draft', 'published'], { status: 'revoked', revokeReason: input.reason, closedAt: at.toISOString(), updatedAt: at.toISOString() });
    },

    /** 公示 past their objection window and not yet concluded, counted to at most `cap` (the dashboard). */
    async windowOverCount(cap: number): Promise<number> {
      return repo.countWindowOver(db, new Date().toISOString(), cap);
    },

    /** Objections waiting for an answer, and those overdue, each counted to at most `cap` (the dashboard). */
    async objectionCounts(cap: number): Promise<WaitingCounts> {
      return waitingObjections(String(cap), () => repo.countWaitingObjections(db, new Date().toISOString(), cap));
    },

    async objections(q: ObjectionQuery): Promise<Page<ObjectionItem>> {
      const now = new Date();
      const { records, total } = await repo.listObjections(db, q, now.toISOString());
      return toPage(records.map((r) => toObjection(r, now)), total, q);
    },

    /** 异议成立 or 不成立, with a reply the objector reads on the 公示's page; a message and an SMS tell them. */
    async answer(actor: Actor, input: AnswerObjectionInput): Promise<void> {
      const row = await repo.findObjection(db, input.id);
      if (!row) throw notFound('该异议不存在');
      if (row.status !== 'received') throw conflict(`该异议已答复，不能重复答复（当前状态：${objectionTexts(row).statusText}）`);
      const at = new Date().toISOString();
      const resultText = OBJECTION_RESULT[input.result];
      const smsIds = await db.transaction().execute(async (trx) => {
        const done = await repo.answerObjectionIf(trx, row.id, { status: 'answered', result: input.result, reply: input.reply, answeredAt: at, staffName: actor.name });
        if (!done) return null;
        return message.record(trx, [
          {
            enterpriseId: row.enterpriseId,
            title: `您对“${row.proclamationTitle}”的异议已答复`.slice(0, 100),
            content: `受理编号 ${row.receiptNo}，核查结论：${resultText}。答复：${input.reply}`.slice(0, 1000),
            link: proclamationLink(row.projectId, row.proclamationId),
            sms: { phone: row.objectorPhone, template: 'objection_answered', subject: row.proclamationTitle },
          },
        ]);
      });
      if (!smsIds) throw conflict('该异议刚刚被其他人答复过，请刷新后查看');
      message.deliver(smsIds);
    },

    /** An objection's attachment, for staff: only files the objection holds. */
    async objectionFile(rawId: unknown, path: string): Promise<Download> {
      const row = await repo.findObjection(db, parseId(rawId, '异议'));
      if (!row) throw notFound('该异议不存在');
      if (!parseFiles(row.attachments).some((f) => f.path === path)) throw notFound('该异议中没有这个文件');
      return files.openNamed(path);
    },
  };
}

export type ProclamationConsoleService = ReturnType<typeof createProclamationConsoleService>;
