import { yuanToWan, yuanToWanOrNull } from '#contract/declare-project.ts';
import {
  FREE_DECLARE_ACTION,
  FREE_DECLARE_STATUS,
  FREE_DECLARE_STATUSES,
  type FreeDeclareAction,
  type CorrectionInput,
  type EligibilityReason,
  type FreeDeclareEnt,
  type FreeDeclarePagesQuery,
  type FreeDeclareSaveInput,
  type FreeDeclareStatus,
} from '#contract/free-declare.ts';
import type { Page } from '#contract/paging.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { enterpriseOf } from '#server/platform/auth/enterprise-user.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import { parseJsonArray } from '#server/platform/http/json.ts';
import { countsByStatus, parseId, toPage } from '#server/platform/http/paging.ts';
import { withReceiptNo } from '#server/platform/workflow/receipt.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import { CORRECTION_WORKING_DAYS } from '#contract/free-declare-ent.console.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './free-declare-ent.repository.ts';

const NOT_FOUND = '该免申即享记录不存在或不属于本企业';
/** Receipt prefix of a "信息有误" correction request (纠错). */
const CORRECTION_PREFIX = 'JC';

type Correction = Awaited<ReturnType<typeof repo.listCorrections>>[number];
type Step = Awaited<ReturnType<typeof repo.listSteps>>[number];

function toApi(row: repo.FreeDeclareRow, corrections: Correction[], steps: Step[]): FreeDeclareEnt {
  const status = row.status;
  return {
    id: row.id,
    project: {
      id: row.freeProjectId,
      name: row.projectName,
      department: row.projectDepartment,
      amountMin: yuanToWanOrNull(row.projectAmountMin),
      amountMax: yuanToWanOrNull(row.projectAmountMax),
    },
    enterpriseName: row.enterpriseName,
    uscc: row.uscc,
    amount: yuanToWan(row.amount),
    status,
    statusText: FREE_DECLARE_STATUS[status],
    reasons: parseJsonArray<EligibilityReason>(row.reasons),
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    remark: row.remark,
    confirmedAt: row.confirmedAt,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
    canConfirm: status === 'pending_confirm',
    corrections: corrections.filter((c) => c.freeDeclareEntId === row.id).map(({ receiptNo, content, createdAt, reply, repliedAt }) => ({ receiptNo, content, createdAt, reply, repliedAt })),
    returnReason: status === 'pending_confirm' ? row.returnReason : null,
    cancelReason: row.cancelReason,
    voucherNo: row.voucherNo,
    timeline: steps
      .filter((e) => e.freeDeclareEntId === row.id)
      .map(({ action, actor, note, at }) => ({ action, actionText: FREE_DECLARE_ACTION[action as FreeDeclareAction] ?? action, actor, note, at })),
  };
}

export function createFreeDeclareEntService({ db }: Deps) {
  /** Another enterprise's row is "not found": these rows are never public, so ids cannot be probed. */
  async function ownRow(user: AuthUser, rawId: unknown): Promise<repo.FreeDeclareRow> {
    const enterpriseId = enterpriseOf(user);
    const row = await repo.findRow(db, parseId(rawId, '免申即享记录'));
    if (!row || row.enterpriseId !== enterpriseId) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    /** The enterprise's rows counted by status, for the user centre. */
    async countByStatus(user: AuthUser): Promise<Record<FreeDeclareStatus, number>> {
      return countsByStatus(FREE_DECLARE_STATUSES, await repo.countOwnByStatus(db, enterpriseOf(user)));
    },

    async list(user: AuthUser, q: FreeDeclarePagesQuery): Promise<Page<FreeDeclareEnt>> {
      const { records, total } = await repo.listOwnRows(db, enterpriseOf(user), q);
      const ids = records.map((r) => r.id);
      const [corrections, steps] = await Promise.all([repo.listCorrections(db, ids), repo.listSteps(db, ids)]);
      return toPage(records.map((r) => toApi(r, corrections, steps)), total, q);
    },

    /** One row with its project, for the confirmation form. */
    async detail(user: AuthUser, rawId: unknown): Promise<FreeDeclareEnt> {
      const row = await ownRow(user, rawId);
      const [corrections, steps] = await Promise.all([repo.listCorrections(db, [row.id]), repo.listSteps(db, [row.id])]);
      return toApi(row, corrections, steps);
    },

    /** The enterprise checks the data, gives the receiving account and contact, and confirms. */
    async confirm(user: AuthUser, input: FreeDeclareSaveInput): Promise<void> {
      const row = await ownRow(user, input.freeDeclareEntId);
      if (row.status !== 'pending_confirm') {
        throw conflict(`该记录${FREE_DECLARE_STATUS[row.status] ?? ''}，不能再次确认`);
      }
      const now = new Date().toISOString();
      const done = await repo.updateIfStatus(db, row.id, 'pending_confirm', {
        status: 'confirmed',
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        bankName: input.bankName,
        bankAccount: input.bankAccount,
        remark: input.remark ?? null,
        confirmedAt: now,
        confirmedBy: user.userId,
        updatedAt: now,
      }, { action: 'confirmed', actor: row.enterpriseName, note: null, at: now });
      if (!done) throw conflict('该记录的状态刚刚发生了变化，请刷新后重试');
    },

    async confirmStatus(user: AuthUser, rawId: unknown) {
      const row = await ownRow(user, rawId);
      const status = row.status;
      return { confirmed: status === 'confirmed' || status === 'paid', status, statusText: FREE_DECLARE_STATUS[status] };
    },

    /** "信息有误": the enterprise tells the bureau what is wrong and gets a receipt number. */
    async requestCorrection(user: AuthUser, input: CorrectionInput): Promise<{ receiptNo: string }> {
      const row = await ownRow(user, input.freeDeclareEntId);
      const at = new Date();
      const dueAt = addWorkingDays(at, CORRECTION_WORKING_DAYS).toISOString();
      const { receiptNo } = await withReceiptNo(
        CORRECTION_PREFIX,
        at,
        (day) => repo.highestCorrectionReceipt(db, day),
        (no) =>
          repo.insertCorrection(db, {
            freeDeclareEntId: row.id,
            enterpriseId: row.enterpriseId,
            userId: user.userId,
            content: input.content,
            receiptNo: no,
            createdAt: at.toISOString(),
            updatedAt: at.toISOString(),
            dueAt,
          }, { action: 'correction', actor: row.enterpriseName, note: `受理编号 ${no}：${input.content}`.slice(0, 1000), at: at.toISOString() }),
      );
      return { receiptNo };
    },

    /** For the free-project list: which projects this enterprise has a row for. */
    async rowsFor(enterpriseId: number, projectIds: number[]): Promise<Map<number, number>> {
      const rows = await repo.rowsFor(db, enterpriseId, projectIds);
      return new Map(rows.map((r) => [r.freeProjectId, r.id]));
    },
  };
}
