import { AUDIT_ACTION_TEXT, AUDIT_RESULT_TEXT, type AuditFilter, type AuditListQuery, type AuditResult } from '#contract/audit.ts';
import { formatDateTimeSeconds } from '#contract/format.ts';
import type { CappedPage } from '#contract/paging.ts';
import type { Deps } from '#server/deps.ts';
import { pastCapMemo, toCappedPage, totalOfShortPage } from '#server/platform/http/paging.ts';
import { auditCount, auditPage, exportBatch, purgeAudit, type AuditPageRow } from './audit.repository.ts';
import { auditWriterOf } from './audit-writer.ts';
import { namesByLogin } from '../staff/staff.repository.ts';

/** An export holds at most this many rows: narrow the dates for more. */
export const EXPORT_MAX_ROWS = 50_000;
const BATCH = 2000;

const ACTOR_TEXT: Record<string, string> = { staff: '工作人员', user: '企业用户' };

/** A cell Excel will not run as a formula, quoted when it must be. */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The security audit log: writing rows (everyone) and reading them (the auditor only). */
export function createAuditService({ db }: Deps) {
  // Rows are only ever added (and deleted only past the 180 days), so a search past the cap stays
  // past it; the minute lets the retention purge show soon enough.
  const total = pastCapMemo();
  return {
    record: auditWriterOf(db),

    /** Drops the rows past their retention (run daily by audit-purge.ts). */
    purgeExpired: () => purgeAudit(db),

    /** A page of rows; `totalCapped`: more than LIST_COUNT_CAP match, `total` says the cap. */
    async list(q: AuditListQuery): Promise<CappedPage<AuditPageRow & { staffName: string | null }>> {
      // The order changes no total: one remembered count for both orders of the same filters.
      const { currentPage, pageSize, sortBy: _sortBy, sortOrder: _sortOrder, ...filter } = q;
      const rows = await auditPage(db, q, q, q);
      const count = totalOfShortPage(rows.length, q) ?? (await total(filter, () => auditCount(db, q)));
      // A person reads names: staff rows get the account's name (an enterprise's stays its masked login).
      const names = await namesByLogin(db, rows.filter((r) => r.actorType === 'staff' && r.loginName).map((r) => r.loginName!));
      const named = rows.map((r) => ({ ...r, staffName: r.actorType === 'staff' && r.loginName ? (names.get(r.loginName) ?? null) : null }));
      return toCappedPage(named, count, { currentPage, pageSize });
    },

    /** CSV, UTF-8 with a BOM so that Excel shows the Chinese; newest first, capped at EXPORT_MAX_ROWS. */
    async exportCsv(f: AuditFilter): Promise<{ csv: string; rows: number; truncated: boolean }> {
      const header = ['时间（北京时间）', '账号', '身份', '操作', '操作代码', '对象类型', '对象编号', '结果', 'IP 地址', '说明', '提交内容（已脱敏）', '浏览器'];
      const lines = [header.map(csvCell).join(',')];
      let beforeId: number | null = null;
      let count = 0;
      while (count < EXPORT_MAX_ROWS) {
        const batch = await exportBatch(db, f, beforeId, Math.min(BATCH, EXPORT_MAX_ROWS - count));
        for (const r of batch) {
          lines.push(
            [
              formatDateTimeSeconds(r.at),
              r.loginName,
              r.actorType ? ACTOR_TEXT[r.actorType] ?? r.actorType : '',
              AUDIT_ACTION_TEXT[r.action] ?? r.action,
              r.action,
              r.objectType,
              r.objectId,
              AUDIT_RESULT_TEXT[r.result as AuditResult] ?? r.result,
              r.ip,
              r.detail,
              r.changes,
              r.userAgent,
            ]
              .map(csvCell)
              .join(','),
          );
        }
        count += batch.length;
        if (batch.length < BATCH) break;
        beforeId = batch[batch.length - 1].id;
      }
      return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows: count, truncated: count >= EXPORT_MAX_ROWS };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
