import {
  CORRECTION_RECEIPT_PREFIX,
  CORRECTION_REPLY_WORKING_DAYS,
  CORRECTION_STATUS,
  type CorrectionAnswerInput,
  type CorrectionItem,
  type CorrectionPage,
  type CorrectionQuery,
  type CorrectionReceipt,
  type CorrectionReportInput,
  type CorrectionStatus,
} from '#contract/correction.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { Deps } from '#server/deps.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import { toPage } from '#server/platform/http/paging.ts';
import { deadlineFlags } from '#server/platform/workflow/deadline-flags.ts';
import { withReceiptNo } from '#server/platform/workflow/receipt.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import * as repo from './correction.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findReport>>>;

function toItem(r: Row, now: Date): CorrectionItem {
  const status = r.status as CorrectionStatus;
  const flags = status === 'received' ? deadlineFlags(r.dueAt, now) : { overdue: false, dueSoon: false };
  return {
    id: r.id,
    receiptNo: r.receiptNo,
    pageUrl: r.pageUrl,
    pageTitle: r.pageTitle,
    description: r.description,
    contact: r.contact,
    status,
    statusText: CORRECTION_STATUS[status],
    createdAt: r.createdAt,
    dueAt: r.dueAt,
    ...flags,
    reply: r.reply,
    answeredAt: r.answeredAt,
    staffName: r.staffName,
  };
}

/** 网站纠错 (contract/correction.ts): reports from the public pages, answered by the editors in the console. */
export function createCorrectionService({ db }: Deps) {
  return {
    async report(input: CorrectionReportInput, at: Date = new Date()): Promise<CorrectionReceipt> {
      const dueAt = addWorkingDays(at, CORRECTION_REPLY_WORKING_DAYS).toISOString();
      const { receiptNo } = await withReceiptNo(
        CORRECTION_RECEIPT_PREFIX,
        at,
        (day) => repo.highestReceiptNo(db, day),
        (receiptNo) => repo.insertReport(db, { ...input, receiptNo, dueAt, createdAt: at.toISOString() }),
      );
      return { receiptNo, dueAt };
    },

    async page(q: CorrectionQuery, now: Date = new Date()): Promise<CorrectionPage> {
      const { records, total } = await repo.listReports(db, q);
      return toPage(
        records.map((r) => toItem(r, now)),
        total,
        q,
      );
    },

    async detail(id: number, now: Date = new Date()): Promise<CorrectionItem> {
      const row = await repo.findReport(db, id);
      if (!row) throw notFound('该纠错不存在或已删除');
      return toItem(row, now);
    },

    async answer(staff: StaffActor, { id, reply }: CorrectionAnswerInput): Promise<CorrectionItem> {
      const row = await repo.findReport(db, id);
      if (!row) throw notFound('该纠错不存在或已删除');
      if (!(await repo.answerReport(db, id, reply, staff.name, new Date().toISOString()))) throw conflict('该纠错已由他人答复，请刷新后查看');
      return this.detail(id);
    },

    /** The 工作台's figures: waiting, and past the deadline. */
    waitingCounts: (cap: number) => repo.waitingCounts(db, new Date().toISOString(), cap),
  };
}

export type CorrectionService = ReturnType<typeof createCorrectionService>;
