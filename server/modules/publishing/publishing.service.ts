import {
  CONTENT_KINDS,
  CONTENT_STATUS,
  type ContentDetail,
  type ContentKind,
  type ContentListItem,
  type ContentListQuery,
  type ContentStatus,
  type NoticeSave,
  type PolicySave,
} from '#contract/publishing.ts';
import { formatDate, shanghaiDayEnd, shanghaiDayStart } from '#contract/format.ts';
import type { Notice } from '#contract/notice.ts';
import type { CappedPage } from '#contract/paging.ts';
import { POLICY_VALIDITY, type Policy } from '#contract/policy.ts';
import type { StaffActor } from '#contract/staff.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { conflict, forbidden, notFound } from '#server/platform/http/errors.ts';
import { nestHeadings, sanitizeRichText } from '#server/platform/http/html.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { parseFiles } from '#server/platform/http/json.ts';
import { offsetOf, parseId, toCappedPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import type { DictService } from '../dict/dict.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { publishContentFiles } from '../files/content-files.ts';
import { policyValidity } from '../policy/policy.service.ts';
import * as repo from './publishing.repository.ts';
import { nextInQueue } from '#server/platform/workflow/next-in-queue.ts';
import type { QueueNext } from '#contract/queue-next.ts';
import { reindexRecords } from '../search/search.indexer.ts';

/** The stored fields a public page shows (copied at publication for the review's comparison). */
const PUBLIC_FIELDS = ['title', 'content', 'attachments', 'publishAt', 'summary', 'source', 'isTop', 'docNo', 'issuer', 'level', 'category', 'effectiveFrom', 'effectiveTo', 'interpretation'] as const;

const PUBLISH_PERMISSION = { notice: 'content:notice:publish', policy: 'content:policy:publish' } as const;

/** 2026-03-01 (a day in Shanghai) → the first or the last instant of it, in UTC. */
const dayStart = (day: string | null) => (day ? shanghaiDayStart(day).toISOString() : null);
const dayEnd = (day: string | null) => (day ? shanghaiDayEnd(day).toISOString() : null);

const wrongState = (what: string, status: ContentStatus, action: string) =>
  conflict(`该${what}当前为“${CONTENT_STATUS[status]}”，不能${action}，请刷新后查看最新状态`);

/**
 * 先审后发 of notices and policies (docs/console.md "Content"). Editors save drafts and submit them;
 * a publisher who neither drafted nor last changed a row publishes it (now, or at the time the
 * author asked for), sends it back with a reason, or takes it offline with a reason. Every state
 * change is a compare-and-set on the status; every change of what the public sees bumps the
 * content version, which purges the page cache and the list caches on every instance.
 */
export function createPublishingService({ db, kv }: Deps, { files, dict }: { files: FilesService; dict: DictService }) {
  function kindService(kind: ContentKind) {
    const what = CONTENT_KINDS[kind].label;
    // The console's lists over 100,000 rows: a count of up to 10,000 matches still costs a few ms,
    // so answers are kept under a counter that every console write of this kind bumps (in the kv store, so that every
    // instance sees it): a list is never older than the last write, and repeats cost a lookup.
    const lists = new ListCache(500, 30_000);
    const versionKey = `console-list-version:${kind}`;
    const listVersion = async () => (await kv.get(versionKey)) ?? '0';
    /** After every write: the console's lists, and the public pages when what they show changed. */
    async function changed(publicToo: boolean) {
      await kv.incr(versionKey, 365 * 86_400);
      if (publicToo) await bumpContentVersion(kv);
    }

    async function load(id: number): Promise<repo.ReviewRow> {
      const row = await repo.findForConsole(db, kind, id);
      if (!row) throw notFound(`您访问的${what}不存在或已删除`);
      return row;
    }

    /** A publisher may publish only what someone else wrote (先审后发: four eyes). */
    const wroteIt = (actor: StaffActor, row: repo.ReviewRow) => row.createdBy === actor.id || row.updatedBy === actor.id;
    const mayPublish = (actor: StaffActor, row: repo.ReviewRow) => actor.permissions.includes(PUBLISH_PERMISSION[kind]) && !wroteIt(actor, row);

    /** Changes a row in one of `from`, or explains why not: gone (404) or in another state (409). */
    async function move(id: number, from: readonly ContentStatus[], action: string, changes: repo.ContentChanges): Promise<void> {
      if (await repo.updateIfStatus(db, kind, id, from, { ...changes, updatedAt: new Date().toISOString() })) return changed(false);
      const row = await load(id);
      throw wrongState(what, row.status, action);
    }

    function listItem(row: repo.ConsoleListRow): ContentListItem {
      const live = row.status === 'published' || row.status === 'offline';
      return {
        id: row.id,
        title: row.title,
        status: row.status,
        statusText: CONTENT_STATUS[row.status],
        publishAt: live ? row.publishAt : null,
        scheduleAt: row.scheduleAt,
        isTop: row.isTop === 1,
        updatedAt: row.updatedAt,
        updatedByName: row.updatedByName,
        rejectReason: row.status === 'draft' ? row.rejectReason : null,
        offlineReason: row.status === 'offline' ? row.offlineReason : null,
      };
    }

    async function storedFields(input: NoticeSave | PolicySave) {
      const attachments = await files.contentFiles(input.attachments, 'attachments');
      const shared = {
        title: input.title,
        content: sanitizeRichText(input.content),
        attachments: JSON.stringify(attachments),
        scheduleAt: input.scheduleAt,
      };
      if (kind === 'notice') {
        const n = input as NoticeSave;
        return { ...shared, summary: n.summary, source: n.source, isTop: n.isTop ? 1 : 0 };
      }
      const p = input as PolicySave;
      return {
        ...shared,
        docNo: p.docNo,
        issuer: p.issuer,
        level: p.level,
        category: p.category,
        effectiveFrom: dayStart(p.effectiveFrom),
        effectiveTo: dayEnd(p.effectiveTo),
        interpretation: p.interpretation === null ? null : sanitizeRichText(p.interpretation),
      };
    }

    /** A row as its public page draws it (the preview, and both sides of a review). */
    async function toPublic(row: repo.ReviewRow): Promise<Notice | Policy> {
      const now = new Date().toISOString();
      const live = row.status === 'published' || row.status === 'offline';
      const publishAt = live ? row.publishAt : (row.scheduleAt ?? now);
      // Stored sanitised; its headings placed as on the public page (sanitizeRichText's headingsFrom).
      const shared = { id: row.id, title: row.title, publishAt, viewCount: row.viewCount, content: nestHeadings(row.content, 2), attachments: parseFiles(row.attachments) };
      if (kind === 'notice') return { ...shared, summary: row.summary ?? null, source: row.source ?? null, isTop: row.isTop === 1 };
      const [levels, categories] = await Promise.all([dict.labels('policy_level'), dict.labels('policy_category')]);
      const validity = policyValidity(row.effectiveFrom ?? null, row.effectiveTo ?? null, now);
      return {
        ...shared,
        docNo: row.docNo ?? null,
        issuer: row.issuer ?? '',
        level: row.level ?? '',
        levelText: levels.get(row.level ?? '') ?? row.level ?? '',
        category: row.category ?? '',
        categoryText: categories.get(row.category ?? '') ?? row.category ?? '',
        effectiveFrom: row.effectiveFrom ?? null,
        effectiveTo: row.effectiveTo ?? null,
        validity,
        validityText: POLICY_VALIDITY[validity],
        interpretation: row.interpretation ? nestHeadings(row.interpretation, 3) : null,
      };
    }

    /** What the public sees of a row, kept when it is published: the stored fields, drawn again by toPublic. */
    const copyOf = (row: repo.ReviewRow) => JSON.stringify(Object.fromEntries(PUBLIC_FIELDS.map((f) => [f, row[f] ?? null])));

    return {
      /** Past the 10,000th match the page says 超过 10,000 条 and serves no deeper pages: offsets stay bounded. */
      async list(q: ContentListQuery): Promise<CappedPage<ContentListItem>> {
        const version = await listVersion();
        const filter = [version, q.status, q.keyword, q.returned];
        const count = await lists.get(JSON.stringify([...filter, 'count']), () => repo.countForConsole(db, kind, q));
        const rows = offsetOf(q) < count.total ? await lists.get(JSON.stringify([...filter, q.currentPage, q.pageSize, q.sortBy, q.sortOrder]), () => repo.listForConsole(db, kind, q)) : [];
        return toCappedPage(rows.map(listItem), count, q);
      },

      /** 下一条: the row after `id` in the console list of these filters (read past the list cache: a step just changed it). */
      async next(q: ContentListQuery, id: number, at: number): Promise<QueueNext> {
        return nextInQueue(async (i) => (await repo.listForConsole(db, kind, { ...q, currentPage: i + 1, pageSize: 1 }))[0]?.id ?? null, id, at);
      },

      async detail(actor: StaffActor, rawId: string | number): Promise<ContentDetail> {
        const row = await load(parseId(rawId, what));
        const names = await repo.staffNames(db, [row.createdBy, row.updatedBy, row.reviewedBy]);
        const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
        return {
          ...listItem({ ...row, isTop: row.isTop, updatedByName: nameOf(row.updatedBy) }),
          content: row.content,
          attachments: parseFiles(row.attachments),
          summary: row.summary ?? null,
          source: row.source ?? null,
          docNo: row.docNo ?? null,
          issuer: row.issuer ?? null,
          level: row.level ?? null,
          category: row.category ?? null,
          effectiveFrom: row.effectiveFrom ? formatDate(row.effectiveFrom) : null,
          effectiveTo: row.effectiveTo ? formatDate(row.effectiveTo) : null,
          interpretation: row.interpretation ?? null,
          createdByName: nameOf(row.createdBy),
          reviewedByName: nameOf(row.reviewedBy),
          reviewedAt: row.reviewedAt,
          mayPublish: row.status === 'pending_review' && mayPublish(actor, row),
        };
      },

      /** The row as its public page would show it, whatever its state (the console's preview). */
      async preview(rawId: string | number): Promise<Notice | Policy> {
        return toPublic(await load(parseId(rawId, what)));
      },

      /**
       * 审核 (docs/console.md "Content"): the row as the public will see it, and the version the
       * public saw last (null when it was never published, or published before copies were kept
       * and not yet edited since), both drawn alike so that they compare field by field.
       */
      async review(rawId: string | number): Promise<{ current: Notice | Policy; published: Notice | Policy | null }> {
        const row = await load(parseId(rawId, what));
        const copy = await repo.findCopy(db, kind, row.id);
        return { current: await toPublic(row), published: copy ? await toPublic({ ...row, ...(JSON.parse(copy) as Partial<repo.ReviewRow>), status: 'published' }) : null };
      },

      /**
       * A new draft, or changes to a draft or an offline row (which becomes a draft again: it must
       * be reviewed before it returns). What waits for review or is public cannot change here.
       */
      async save(actor: StaffActor, input: NoticeSave | PolicySave): Promise<{ id: number }> {
        const fields = await storedFields(input);
        const now = new Date().toISOString();
        if (input.id === undefined) {
          // publishAt is set again when the row is approved; until then nobody reads it.
          const base = { ...fields, status: 'draft' as const, publishAt: now, createdBy: actor.id, updatedBy: actor.id };
          const id = kind === 'notice' ? await repo.insertNotice(db, base as repo.NoticeInsert) : await repo.insertPolicy(db, base as repo.PolicyInsert);
          await changed(false);
          return { id };
        }
        const id = parseId(input.id, what);
        // An offline row still holds what the public saw last: kept before the first change, if its publication kept no copy.
        const before = await load(id);
        if (before.status === 'offline' && !(await repo.findCopy(db, kind, id))) await repo.saveCopy(db, kind, id, copyOf(before), now);
        await move(id, ['draft', 'offline'], '修改（待审核的请等待审核结果或由审核人员退回；已发布的请先下线）', {
          ...fields,
          status: 'draft',
          updatedBy: actor.id,
          offlineReason: null,
        });
        return { id };
      },

      async submit(actor: StaffActor, rawId: string | number): Promise<{ id: number }> {
        const id = parseId(rawId, what);
        await move(id, ['draft'], '提交审核', { status: 'pending_review', rejectReason: null, updatedBy: actor.id });
        return { id };
      },

      async publish(actor: StaffActor, rawId: string | number): Promise<{ id: number; publishAt: string }> {
        const id = parseId(rawId, what);
        const row = await load(id);
        if (wroteIt(actor, row)) throw forbidden(`不能发布自己起草或修改的${what}，请由其他审核人员发布`);
        const now = new Date().toISOString();
        // The asked time if it is still ahead; the public pages show a row once publishAt has come.
        const publishAt = row.scheduleAt && row.scheduleAt > now ? row.scheduleAt : now;
        await move(id, ['pending_review'], '发布', { status: 'published', publishAt, reviewedBy: actor.id, reviewedAt: now });
        await repo.saveCopy(db, kind, id, copyOf({ ...row, publishAt }), now);
        await publishContentFiles(db, [row.content, row.interpretation], parseFiles(row.attachments));
        await reindexRecords(db, kind, [id]);
        await changed(true);
        return { id, publishAt };
      },

      async reject(actor: StaffActor, rawId: string | number, reason: string): Promise<{ id: number }> {
        const id = parseId(rawId, what);
        await move(id, ['pending_review'], '退回修改', { status: 'draft', rejectReason: reason, reviewedBy: actor.id, reviewedAt: new Date().toISOString() });
        return { id };
      },

      async offline(actor: StaffActor, rawId: string | number, reason: string): Promise<{ id: number }> {
        const id = parseId(rawId, what);
        await move(id, ['published'], '下线', { status: 'offline', offlineReason: reason, reviewedBy: actor.id, reviewedAt: new Date().toISOString() });
        await reindexRecords(db, kind, [id]);
        await changed(true);
        return { id };
      },
    };
  }

  return { notice: kindService('notice'), policy: kindService('policy') };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
