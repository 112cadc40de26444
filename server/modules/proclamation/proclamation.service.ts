import { yuanToWan } from '#contract/declare-project.ts';
import type { Page, Paging } from '#contract/paging.ts';
import type { ObjectionInput, Proclamation, ProclamationListItem } from '#contract/proclamation.ts';
import type { DeadlineSettings } from '#contract/deadline-settings.ts';
import type { OwnObjection } from '#contract/proclamation.console.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { enterpriseOf } from '#server/platform/auth/enterprise-user.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { sanitizeRichText } from '#server/platform/http/html.ts';
import { parseJsonArray } from '#server/platform/http/json.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import { withReceiptNo } from '#server/platform/workflow/receipt.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import type { Deps } from '#server/deps.ts';
import type { FilesService } from '../files/files.service.ts';
import { objectionTexts } from './proclamation.console.service.ts';
import * as repo from './proclamation.repository.ts';

/** Receipt prefix of an objection (异议). */
const OBJECTION_PREFIX = 'YY';
const NOT_FOUND = '该公示不存在或尚未发布';

interface StoredEnterprise {
  enterpriseName: string;
  /** Integer 元. */
  amount: number;
}

function toItem(row: repo.ProclamationListRow, now: string): ProclamationListItem {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    title: row.title,
    publishAt: row.publishAt,
    objectionEndAt: row.objectionEndAt,
    objectionOpen: row.publishAt <= now && now <= row.objectionEndAt,
    enterpriseCount: parseJsonArray(row.enterprises).length,
  };
}

export function createProclamationService({ db, kv }: Deps, files: FilesService, deadlines: () => Promise<DeadlineSettings>) {
  // Listed on every uncached home page: kept 30 s under the content version (as the project lists).
  const lists = new ListCache(200, 30_000);
  return {
    async list(q: Paging): Promise<Page<ProclamationListItem>> {
      return lists.get(JSON.stringify([await contentVersion(kv), q.currentPage, q.pageSize]), async () => {
        const now = new Date().toISOString();
        const { records, total } = await repo.listProclamations(db, q, now);
        return toPage(records.map((r) => toItem(r, now)), total, q);
      });
    },

    /** One proclamation; the project in the address must be its own, or it is not found. */
    async detail(rawProjectId: unknown, rawId: unknown): Promise<Proclamation> {
      const projectId = parseId(rawProjectId, '公示');
      const now = new Date().toISOString();
      const row = await repo.findProclamation(db, parseId(rawId, '公示'), now);
      if (!row || row.projectId !== projectId) throw notFound(NOT_FOUND);
      const enterprises = parseJsonArray<StoredEnterprise>(row.enterprises);
      return {
        ...toItem(row, now),
        content: sanitizeRichText(row.content, { headingsFrom: 2 }),
        enterprises: enterprises.map((e) => ({ enterpriseName: e.enterpriseName, amount: yuanToWan(e.amount) })),
        totalAmount: yuanToWan(enterprises.reduce((sum, e) => sum + e.amount, 0)),
      };
    },

    /** A real-name objection while the period is open; answered with a receipt number, never published. */
    async object(user: AuthUser, input: ObjectionInput): Promise<{ receiptNo: string }> {
      const enterpriseId = enterpriseOf(user);
      const at = new Date();
      const now = at.toISOString();
      const row = await repo.findProclamation(db, parseId(input.proclamationId, '公示'), now);
      if (!row) throw notFound(NOT_FOUND);
      if (now > row.objectionEndAt) throw conflict('该公示的异议期已结束，不能再提出异议');
      const attachments = await files.ownFiles(user, input.attachments, 'attachments');
      const replyDays = (await deadlines()).objectionReplyDays;
      const { receiptNo } = await withReceiptNo(
        OBJECTION_PREFIX,
        at,
        (day) => repo.highestObjectionReceipt(db, day),
        (no) =>
          repo.insertObjection(db, {
            proclamationId: row.id,
            enterpriseId,
            userId: user.userId,
            reason: input.reason,
            attachments: JSON.stringify(attachments),
            receiptNo: no,
            dueAt: addWorkingDays(at, replyDays).toISOString(),
            createdAt: now,
          }),
      );
      return { receiptNo };
    },

    /** The enterprise's own objections to a 公示, with the bureau's answer once given (docs/console.md: the objector sees the answer). */
    async ownObjections(user: AuthUser, rawProclamationId: unknown): Promise<OwnObjection[]> {
      const rows = await repo.listOwnObjections(db, enterpriseOf(user), parseId(rawProclamationId, '公示'));
      return rows.map((r) => ({ ...r, ...objectionTexts(r) }));
    },
  };
}
