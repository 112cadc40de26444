import { FREE_PROJECT_STATUS, type FreeProjectStatus } from '#contract/free-project.ts';
import { yuanToWan, wanToYuan } from '#contract/declare-project.ts';
import { FREE_DECLARE_ACTION, FREE_DECLARE_STATUS, FREE_DECLARE_STATUSES, type EligibilityReason, type FreeDeclareAction, type FreeDeclareStatus } from '#contract/free-declare.ts';
import {
  CORRECTION_STATUS,
  type CorrectionAnswerInput,
  type CorrectionItem,
  type CorrectionQuery,
  type CorrectionStatus,
  type FreeAmendInput,
  type FreeCancelInput,
  type FreeListItem,
  type FreeListQuery,
  type FreePayInput,
  type FreeProjectSummary,
  type FreeReturnInput,
  type FreeRowAction,
  type FreeRowDetail,
} from '#contract/free-declare-ent.console.ts';
import type { SmsTemplate } from '#contract/message.ts';
import type { Page } from '#contract/paging.ts';
import { officeOf, type StaffActor } from '#contract/staff.ts';
import { conflict, forbidden, notFound } from '#server/platform/http/errors.ts';
import { parseJsonArray } from '#server/platform/http/json.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import { deadlineFlags } from '#server/platform/workflow/deadline-flags.ts';
import type { Deps } from '#server/deps.ts';
import type { WaitingCounts } from '#contract/dashboard.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import * as repo from './free-declare-ent.console.repository.ts';
import { writeVersion } from '#server/db/database.ts';
import { whileUnchanged } from '#server/db/while-unchanged.ts';

/** Where the enterprise sees and confirms a row. */
export const freeRowLink = (id: number) => `/free-apply/components/apply-form?freeDeclareEntId=${id}`;

const MANAGE = 'free-declare:manage';
const PAY = 'free-declare:pay';
const NOT_FOUND = '该免申即享记录不存在';
const MOVED_ON = '该记录刚刚被其他人处理过，请刷新后重试';
const stateText = (status: string) => FREE_DECLARE_STATUS[status as FreeDeclareStatus] ?? status;
const can = (staff: StaffActor, permission: string) => (staff.permissions as readonly string[]).includes(permission);
/** A moment after the row's last change, so that each step's stamp moves forward even within one millisecond. */
const nextStamp = (row: { updatedAt: string }) => new Date(Math.max(Date.now(), (Date.parse(row.updatedAt) || 0) + 1));

function need(staff: StaffActor, permission: string) {
  if (!can(staff, permission)) throw forbidden('对不起，您没有权限进行此操作');
}

function requireState(row: { status: string }, allowed: readonly FreeDeclareStatus[], sentence: string) {
  if (!allowed.includes(row.status as FreeDeclareStatus)) throw conflict(`${sentence}（当前状态：${stateText(row.status)}）`);
}

function actionsFor(staff: StaffActor, status: string): FreeRowAction[] {
  const manage = can(staff, MANAGE);
  const open = status === 'pending_confirm' || status === 'confirmed';
  const allowed: Record<FreeRowAction, boolean> = {
    amend: manage && open,
    cancel: manage && open,
    return: manage && status === 'confirmed',
    pay: can(staff, PAY) && status === 'confirmed',
  };
  return (Object.keys(allowed) as FreeRowAction[]).filter((a) => allowed[a]);
}

function toItem(staff: StaffActor, row: repo.FreeListRow): FreeListItem {
  return {
    id: row.id,
    projectId: row.freeProjectId,
    projectName: row.projectName,
    enterpriseName: row.enterpriseName,
    uscc: row.uscc,
    amount: yuanToWan(row.amount),
    status: row.status as FreeDeclareStatus,
    statusText: stateText(row.status),
    reasons: parseJsonArray<EligibilityReason>(row.reasons),
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    voucherNo: row.voucherNo,
    confirmedAt: row.confirmedAt,
    paidAt: row.paidAt,
    cancelReason: row.cancelReason,
    returnReason: row.status === 'pending_confirm' ? row.returnReason : null,
    openCorrections: Number(row.openCorrections ?? 0),
    createdAt: row.createdAt,
    actions: actionsFor(staff, row.status),
  };
}

function toCorrection(row: repo.CorrectionRow, now: Date): CorrectionItem {
  const status = row.status as CorrectionStatus;
  return {
    id: row.id,
    receiptNo: row.receiptNo,
    freeDeclareEntId: row.freeDeclareEntId,
    projectName: row.projectName,
    enterpriseName: row.enterpriseName,
    uscc: row.uscc,
    content: row.content,
    status,
    statusText: CORRECTION_STATUS[status] ?? status,
    reply: row.reply,
    repliedAt: row.repliedAt,
    createdAt: row.createdAt,
    dueAt: row.dueAt,
    // Only what the bureau still owes can be late.
    ...(status === 'received' ? deadlineFlags(row.dueAt, now) : { overdue: false, dueSoon: false }),
  };
}

/**
 * The bureau's side of 免申即享 rows (docs/console.md "免申即享"): amend or cancel with a reason,
 * return a confirmed row whose bank details are wrong, mark rows paid in a batch with a voucher,
 * answer 信息有误. Each step is a compare-and-set, writes a timeline row and tells the enterprise
 * (an SMS where it must act or learns a result, sent after the commit); the console's hook audits it.
 */
export function createFreeDeclareEntConsoleService({ db }: Deps, { message }: { message: MessageService }) {
  const waitingCorrections = whileUnchanged<WaitingCounts>(writeVersion(db, ['freeDeclareCorrection']));
  async function load(rawId: unknown): Promise<repo.FreeListRow> {
    const row = await repo.findRow(db, parseId(rawId, '免申即享记录'));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async function notice(row: repo.FreeListRow, title: string, content: string, sms: SmsTemplate | null): Promise<Notice> {
    return {
      enterpriseId: row.enterpriseId,
      title: `免申即享“${row.projectName}”${title}`.slice(0, 100),
      content,
      link: freeRowLink(row.id),
      sms: sms && { phone: await repo.phoneFor(db, row.enterpriseId, row.confirmedBy), template: sms, subject: row.projectName },
    };
  }

  async function step(
    staff: StaffActor,
    row: repo.FreeListRow,
    from: readonly FreeDeclareStatus[],
    patch: repo.RowPatch,
    action: string,
    note: string,
    told: Notice,
  ) {
    const at = nextStamp(row);
    const moved = await repo.transition(db, row.id, {
      from,
      unchangedSince: row.updatedAt,
      patch: { ...patch, updatedAt: at.toISOString() },
      events: [{ action, actor: officeOf(staff), note, staffName: staff.name, at: at.toISOString() }],
      within: (trx) => message.record(trx, [told]),
    });
    if (!moved) throw conflict(MOVED_ON);
    message.deliver(moved.result ?? []);
  }

  return {
    async list(staff: StaffActor, q: FreeListQuery): Promise<Page<FreeListItem>> {
      const { records, total } = await repo.listRows(db, q);
      return toPage(
        records.map((r) => toItem(staff, r)),
        total,
        q,
      );
    },

    async detail(staff: StaffActor, rawId: unknown): Promise<FreeRowDetail> {
      const row = await load(rawId);
      const timeline = await repo.listTimeline(db, row.id);
      return {
        ...toItem(staff, row),
        timeline: timeline.map((e) => ({ ...e, actionText: FREE_DECLARE_ACTION[e.action as FreeDeclareAction] ?? e.action })),
      };
    },

    /** Free projects with how many rows of their lists are in each state. */
    async projects(): Promise<FreeProjectSummary[]> {
      const { projects, counts } = await repo.projectCounts(db);
      return projects.map((p) => {
        const mine = Object.fromEntries(FREE_DECLARE_STATUSES.map((s) => [s, 0])) as Record<FreeDeclareStatus, number>;
        for (const c of counts) if (c.freeProjectId === p.id && c.status in mine) mine[c.status as FreeDeclareStatus] = Number(c.n);
        return {
          id: p.id,
          name: p.name,
          department: p.department,
          amountMin: p.amountMin === null ? null : yuanToWan(p.amountMin),
          amountMax: p.amountMax === null ? null : yuanToWan(p.amountMax),
          publishAt: p.publishAt,
          status: p.status as FreeProjectStatus,
          statusText: FREE_PROJECT_STATUS[p.status as FreeProjectStatus],
          counts: mine,
          total: Object.values(mine).reduce((a, b) => a + b, 0),
        };
      });
    },

    /** A new amount (and why), while the money has not gone out; a confirmed row stays confirmed. */
    async amend(staff: StaffActor, input: FreeAmendInput): Promise<void> {
      need(staff, MANAGE);
      const row = await load(input.id);
      requireState(row, ['pending_confirm', 'confirmed'], '只有待确认或已确认的记录可以调整金额');
      const amount = wanToYuan(input.amount);
      if (amount === row.amount) throw conflict('新金额与原金额相同，无需调整');
      const text = `金额由 ${yuanToWan(row.amount)} 万元调整为 ${input.amount} 万元。原因：${input.reason}`;
      await step(staff, row, ['pending_confirm', 'confirmed'], { amount }, 'amended', text, await notice(row, '金额已调整', text, null));
    },

    async cancel(staff: StaffActor, input: FreeCancelInput): Promise<void> {
      need(staff, MANAGE);
      const row = await load(input.id);
      requireState(row, ['pending_confirm', 'confirmed'], '只有待确认或已确认的记录可以取消');
      const at = new Date().toISOString();
      await step(
        staff,
        row,
        ['pending_confirm', 'confirmed'],
        { status: 'cancelled', cancelReason: input.reason, cancelledAt: at },
        'cancelled',
        input.reason,
        await notice(row, '已取消', `您的免申即享记录已取消。原因：${input.reason}。如有疑问，请在该记录中反馈信息有误。`, 'free_declare_cancelled'),
      );
    },

    /** 退回: the bank details of a confirmed row are wrong; the enterprise corrects and confirms again. */
    async returnRow(staff: StaffActor, input: FreeReturnInput): Promise<void> {
      need(staff, MANAGE);
      const row = await load(input.id);
      requireState(row, ['confirmed'], '只有已确认、尚未兑付的记录可以退回');
      await step(
        staff,
        row,
        ['confirmed'],
        { status: 'pending_confirm', returnReason: input.reason, confirmedAt: null },
        'returned',
        input.reason,
        await notice(row, '已退回，请重新确认', `您填写的收款信息有误，已退回。原因：${input.reason}。请修改后重新确认。`, 'free_declare_returned'),
      );
    },

    /** 兑付登记: every chosen row must be 已确认; all of them are marked paid with the voucher, or none. */
    async pay(staff: StaffActor, input: FreePayInput): Promise<{ paid: number }> {
      need(staff, PAY);
      const ids = [...new Set(input.ids)];
      const found = await repo.findRows(db, ids);
      if (found.length !== ids.length) throw notFound('所选记录中有的已不存在，请刷新后重试');
      const wrong = found.filter((r) => r.status !== 'confirmed');
      if (wrong.length) {
        const names = wrong.slice(0, 3).map((r) => `${r.enterpriseName}（${stateText(r.status)}）`);
        throw conflict(`只有已确认的记录可以登记兑付：${names.join('、')}${wrong.length > 3 ? ` 等 ${wrong.length} 条` : ''}不是已确认状态`);
      }
      const at = new Date().toISOString();
      const notices = await Promise.all(
        found.map((r) => notice(r, '已兑付', `${yuanToWan(r.amount)} 万元已拨付至贵企业账户（${r.bankName ?? ''}），兑付凭证号 ${input.voucherNo}。`, 'free_declare_paid')),
      );
      let smsIds: number[];
      try {
        smsIds = await repo.payRows(
          db,
          ids,
          { status: 'paid', paidAt: at, paidBy: staff.id, voucherNo: input.voucherNo, updatedAt: at },
          ids.map((id) => ({ freeDeclareEntId: id, action: 'paid', actor: officeOf(staff), note: `兑付凭证号 ${input.voucherNo}`, staffName: staff.name, at })),
          (trx) => message.record(trx, notices),
        );
      } catch (err) {
        if (err instanceof repo.PayConflict) throw conflict('所选记录刚刚被其他人处理过（可能已登记兑付），请刷新后重试');
        throw err;
      }
      message.deliver(smsIds);
      return { paid: ids.length };
    },

    /** 待兑付 (the payer's dashboard): confirmed rows and what they add up to, in 万元. */
    async payable(): Promise<{ count: number; amountWan: number }> {
      const { count, amount } = await repo.payableTotals(db);
      return { count, amountWan: yuanToWan(amount) };
    },

    /** 信息有误 corrections waiting for an answer, and those overdue, each counted to at most `cap` (the dashboard). */
    async correctionCounts(cap: number): Promise<WaitingCounts> {
      return waitingCorrections(String(cap), () => repo.countWaitingCorrections(db, new Date().toISOString(), cap));
    },

    async corrections(q: CorrectionQuery): Promise<Page<CorrectionItem>> {
      const now = new Date();
      const { records, total } = await repo.listCorrections(db, q, now.toISOString());
      return toPage(
        records.map((r) => toCorrection(r, now)),
        total,
        q,
      );
    },

    /** 信息有误: the bureau's answer, due within 5 working days; the enterprise sees it on the row. */
    async answerCorrection(staff: StaffActor, input: CorrectionAnswerInput): Promise<void> {
      need(staff, MANAGE);
      const c = await repo.findCorrection(db, parseId(input.id, '信息有误反馈'));
      if (!c) throw notFound('该信息有误反馈不存在');
      if (c.status !== 'received') throw conflict('该反馈已答复，不能重复答复');
      const row = await load(c.freeDeclareEntId);
      const at = new Date().toISOString();
      const told: Notice = {
        enterpriseId: c.enterpriseId,
        title: `免申即享“${c.projectName}”信息有误反馈已答复`.slice(0, 100),
        content: `您的反馈（受理编号 ${c.receiptNo}）答复如下：${input.reply}`.slice(0, 1000),
        link: freeRowLink(c.freeDeclareEntId),
        sms: { phone: await repo.phoneFor(db, c.enterpriseId, c.userId), template: 'free_declare_answered', subject: c.projectName },
      };
      const done = await repo.answerCorrection(
        db,
        c.id,
        { reply: input.reply, repliedAt: at, repliedBy: staff.id, updatedAt: at },
        { freeDeclareEntId: row.id, action: 'correction_answered', actor: officeOf(staff), note: `受理编号 ${c.receiptNo}：${input.reply}`, staffName: staff.name, at },
        (trx) => message.record(trx, [told]),
      );
      if (!done) throw conflict('该反馈已答复，不能重复答复');
      message.deliver(done.result);
    },
  };
}

export type FreeDeclareEntConsoleService = ReturnType<typeof createFreeDeclareEntConsoleService>;
