import {
  APPEAL_ACCEPT_WORKING_DAYS,
  APPEAL_ACTION,
  APPEAL_STATUS,
  APPEAL_STATUSES,
  maskEnterpriseName,
  type AppealAction,
  type AppealDetail,
  type AppealEnPagesQuery,
  type AppealInput,
  type AppealQuery,
  type AppealStatistics,
  type AppealStatus,
  type AppealUpdateInput,
  type OwnAppealItem,
  type PublicAppealItem,
} from '#contract/appeal.ts';
import { FOLLOW_UP_WORKING_DAYS } from '#contract/appeal-follow-up.ts';
import type { FileRef } from '#contract/envelope.ts';
import { BUREAU } from '#contract/format.ts';
import { isDissatisfied, toEvaluation, type EvaluateInput } from '#contract/evaluation.ts';
import type { Page } from '#contract/paging.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import { deadlineFlags } from '#server/platform/workflow/deadline-flags.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { enterpriseOf } from '#server/platform/auth/enterprise-user.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/platform/http/errors.ts';
import { parseFiles } from '#server/platform/http/json.ts';
import { countsByStatus, parseId, toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import type { DictService } from '../dict/dict.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import * as repo from './appeal.repository.ts';
import * as followUps from './follow-up.repository.ts';
import { reindexRecords } from '../search/search.indexer.ts';

/** How an enterprise's own actions read to anyone else. */
const ENTERPRISE_ACTOR = '申请企业';
const ENTERPRISE_ACTIONS: readonly string[] = ['submitted', 'updated', 'withdrawn', 'evaluated'];

const NOT_FOUND = '该诉求不存在或您无权查看';

/** 超期 / 临期 of what the bureau promised the enterprise: acceptance while 待受理, the reply while 办理中. */
function promiseFlags(row: Pick<repo.AppealRow, 'status' | 'acceptDeadlineAt' | 'replyDeadlineAt'>, now: Date) {
  const promised = row.status === 'pending' ? row.acceptDeadlineAt : row.status === 'processing' ? row.replyDeadlineAt : null;
  return deadlineFlags(promised, now);
}

/** What the enterprise writes, as stored (new and edited appeals alike). */
const writtenFields = (input: AppealInput, type: string, attachments: readonly FileRef[]) => ({
  title: input.title,
  type,
  content: input.content,
  contactName: input.contactName,
  contactPhone: input.contactPhone,
  attachments: JSON.stringify(attachments),
  isPublic: input.isPublic ? 1 : 0,
});

/** Deadlines and what the enterprise may do next; `mine` is false for anyone else. */
const progress = (row: Pick<repo.AppealRow, 'status' | 'acceptDeadlineAt' | 'replyDeadlineAt'>, now: Date, mine: boolean) => ({
  acceptDeadlineAt: row.acceptDeadlineAt,
  replyDeadlineAt: row.replyDeadlineAt,
  ...promiseFlags(row, now),
  canEdit: mine && row.status === 'pending',
  canEvaluate: mine && row.status === 'resolved',
});

/** A timeline row as the pages show it, its action in words. */
export const timelineEntry = (e: repo.TimelineRow) => ({ action: e.action, actionText: APPEAL_ACTION[e.action as AppealAction] ?? e.action, note: e.note, at: e.at, actor: e.actor });

const event = (action: AppealAction, actor: string, at: string, note: string | null = null): repo.NewTimeline => ({ action, actor, at, note });

/** What the bureau's step tells the enterprise that filed `row` (docs/console.md lists the steps with an SMS). */
export function appealNotice(row: repo.AppealWithEnterprise, content: string, sms: NonNullable<Notice['sms']>['template'] | null = null): Notice {
  return {
    enterpriseId: row.enterpriseId,
    title: `诉求“${row.title}”${content.split('，')[0]}`.slice(0, 100),
    content,
    link: `/user/appeal/${row.id}`,
    sms: sms && { phone: row.applicantPhone, template: sms, subject: row.title },
  };
}

export function createAppealService({ db, kv }: Deps, { dict, files, message }: { dict: DictService; files: FilesService; message: MessageService }) {
  async function checkedType(type: string): Promise<string> {
    const options = await dict.options('appeal_type');
    if (!options.some((o) => o.id === type)) throw badRequest('请选择诉求类型', { type: '请选择诉求类型' });
    return type;
  }

  async function publicChanged(id: number, isPublic: boolean | number) {
    if (!isPublic) return;
    await reindexRecords(db, 'appeal', [id]);
    await bumpContentVersion(kv);
  }

  /**
   * The appeal an enterprise user acts on: another enterprise's private appeal is "not found"
   * (ids cannot be probed); another's public one, which anyone can see, is "forbidden".
   */
  async function ownAppeal(user: AuthUser, rawId: unknown): Promise<repo.AppealWithEnterprise> {
    const enterpriseId = enterpriseOf(user);
    const row = await repo.findAppeal(db, parseId(rawId, '诉求'));
    if (!row) throw notFound(NOT_FOUND);
    if (row.enterpriseId !== enterpriseId) {
      if (row.isPublic === 1 && row.status !== 'withdrawn') throw forbidden('只能办理本企业提交的诉求');
      throw notFound(NOT_FOUND);
    }
    return row;
  }

  function requireState(row: repo.AppealRow, allowed: readonly AppealStatus[], message: string) {
    if (!allowed.includes(row.status)) throw conflict(`${message}（当前状态：${APPEAL_STATUS[row.status] ?? row.status}）`);
  }

  /** A compare-and-set transition; `notices` are written in its transaction and their SMS sent after it commits. */
  async function move(row: repo.AppealRow, from: readonly AppealStatus[], patch: repo.AppealPatch, events: repo.NewTimeline[], notices: Notice[] = []) {
    const moved = await repo.transition(db, row.id, { from, patch, events, within: (trx) => message.record(trx, notices) });
    if (!moved) throw conflict('该诉求的状态刚刚发生了变化，请刷新后重试');
    message.deliver(moved.result ?? []);
    await publicChanged(row.id, row.isPublic);
  }

  async function typeLabels() {
    return dict.labels('appeal_type');
  }

  function toPublicItem(row: repo.AppealListRow, types: Map<string, string>): PublicAppealItem {
    return {
      id: row.id,
      title: row.title,
      type: row.type,
      typeText: types.get(row.type) ?? row.type,
      status: row.status,
      statusText: APPEAL_STATUS[row.status],
      enterpriseName: maskEnterpriseName(row.enterpriseName),
      createdAt: row.createdAt,
      reply: row.reply,
      repliedAt: row.repliedAt,
    };
  }

  return {
    async submit(user: AuthUser, input: AppealInput): Promise<{ id: number }> {
      const enterpriseId = enterpriseOf(user);
      const [type, attachments] = await Promise.all([checkedType(input.type), files.ownFiles(user, input.attachments, 'attachments')]);
      const at = new Date();
      const now = at.toISOString();
      const acceptDeadlineAt = addWorkingDays(at, APPEAL_ACCEPT_WORKING_DAYS).toISOString();
      const id = await repo.insertAppeal(
        db,
        {
          enterpriseId,
          userId: user.userId,
          ...writtenFields(input, type, attachments),
          status: 'pending',
          acceptDeadlineAt,
          dueAt: acceptDeadlineAt,
          createdAt: now,
          updatedAt: now,
        },
        event('submitted', user.nickName, now),
      );
      await publicChanged(id, input.isPublic);
      return { id };
    },

    /** The enterprise edits its appeal while 待受理. */
    async update(user: AuthUser, input: AppealUpdateInput): Promise<void> {
      const row = await ownAppeal(user, input.id);
      requireState(row, ['pending'], '诉求已受理或已结束，不能再修改');
      const [type, attachments] = await Promise.all([
        checkedType(input.type),
        files.ownFiles(user, input.attachments, 'attachments', parseFiles(row.attachments)),
      ]);
      const now = new Date().toISOString();
      await move(
        row,
        ['pending'],
        // Once the bureau took it off the public list, the enterprise's edit cannot put it back.
        { ...writtenFields(input, type, attachments), ...(row.unpublishReason ? { isPublic: 0 } : {}), updatedAt: now },
        [event('updated', user.nickName, now)],
      );
      // Leaving the public list purges it just as joining it does.
      if (!row.isPublic) await publicChanged(row.id, input.isPublic);
    },

    /** The enterprise withdraws its appeal while 待受理. */
    async withdraw(user: AuthUser, rawId: unknown): Promise<void> {
      const row = await ownAppeal(user, rawId);
      requireState(row, ['pending'], '诉求已受理或已结束，不能撤回');
      const now = new Date().toISOString();
      await move(row, ['pending'], { status: 'withdrawn', dueAt: null, updatedAt: now }, [event('withdrawn', user.nickName, now)]);
    },

    /**
     * 好差评 once the appeal is 已办结. 不满意 or worse reopens it and opens a 差评 follow-up
     * (核实 → 整改反馈 within 5 working days), whose feedback resolves it again for a new rating.
     */
    async evaluate(user: AuthUser, input: EvaluateInput): Promise<void> {
      const row = await ownAppeal(user, input.id);
      requireState(row, ['resolved'], '诉求办结后才能评价，且每次办结只能评价一次');
      const at = new Date();
      const now = at.toISOString();
      const evaluation = { evaluationLevel: input.level, evaluationComment: input.comment ?? null, evaluatedAt: now, updatedAt: now };
      const rated = event('evaluated', user.nickName, now, input.comment ?? null);
      if (isDissatisfied(input.level)) {
        const dueAt = addWorkingDays(at, FOLLOW_UP_WORKING_DAYS).toISOString();
        const moved = await repo.transition(db, row.id, {
          from: ['resolved'],
          patch: { ...evaluation, status: 'processing', replyDeadlineAt: dueAt, dueAt },
          events: [rated, event('reopened', BUREAU, now, `企业对办理结果不满意，企业服务局将在 ${FOLLOW_UP_WORKING_DAYS} 个工作日内核实整改并反馈`)],
          within: async (trx) => {
            await followUps.insertFollowUp(trx, { appealId: row.id, departmentId: row.departmentId, evaluationLevel: input.level, evaluationComment: input.comment ?? null, dueAt, createdAt: now });
            await message.record(trx, [appealNotice(row, `已收到您的评价，我们将在 ${FOLLOW_UP_WORKING_DAYS} 个工作日内核实整改并向您反馈。`)]);
          },
        });
        if (!moved) throw conflict('该诉求的状态刚刚发生了变化，请刷新后重试');
        await publicChanged(row.id, row.isPublic);
      } else {
        await move(row, ['resolved'], { ...evaluation, status: 'evaluated' }, [rated]);
      }
    },

    /** One appeal: a public one to anyone, a private or withdrawn one only to its enterprise. */
    async detail(user: AuthUser | null, rawId: unknown): Promise<AppealDetail> {
      const row = await repo.findAppeal(db, parseId(rawId, '诉求'));
      const mine = !!row && !!user && user.enterpriseId !== null && row.enterpriseId === user.enterpriseId;
      if (!row || (!mine && (row.isPublic !== 1 || row.status === 'withdrawn'))) throw notFound(NOT_FOUND);
      const [timeline, types] = await Promise.all([repo.listTimeline(db, row.id), typeLabels()]);
      const now = new Date();
      return {
        ...toPublicItem(row, types),
        enterpriseName: mine ? row.enterpriseName : maskEnterpriseName(row.enterpriseName),
        content: row.content,
        isPublic: row.isPublic === 1,
        mine,
        rejectReason: row.rejectReason,
        acceptedAt: row.acceptedAt,
        evaluation: toEvaluation(row),
        timeline: timeline.map((e) => ({ ...timelineEntry(e), actor: mine || !ENTERPRISE_ACTIONS.includes(e.action) ? e.actor : ENTERPRISE_ACTOR })),
        // Contact details and the enterprise's files are for the enterprise and the bureau only.
        contactName: mine ? row.contactName : null,
        contactPhone: mine ? row.contactPhone : null,
        attachments: mine ? parseFiles(row.attachments) : [],
        replyAttachments: mine ? parseFiles(row.replyAttachments) : [],
        ...progress(row, now, mine),
      };
    },

    /** The public list: public appeals that were not withdrawn, masked names, the bureau's reply. */
    async listPublic(q: AppealQuery): Promise<Page<PublicAppealItem>> {
      const [{ records, total }, types] = await Promise.all([repo.listPublicAppeals(db, q), typeLabels()]);
      return toPage(records.map((r) => toPublicItem(r, types)), total, q);
    },

    /** The enterprise's own appeals, every state, with deadlines and what it may do next. */
    /** The enterprise's appeals counted by status, for the user centre. */
    async countByStatus(user: AuthUser): Promise<Record<AppealStatus, number>> {
      return countsByStatus(APPEAL_STATUSES, await repo.countOwnByStatus(db, enterpriseOf(user)));
    },

    async listOwn(user: AuthUser, q: AppealEnPagesQuery): Promise<Page<OwnAppealItem>> {
      const enterpriseId = enterpriseOf(user);
      const [{ records, total }, types] = await Promise.all([repo.listOwnAppeals(db, enterpriseId, q), typeLabels()]);
      const now = new Date();
      return toPage(
        records.map((r) => ({
          ...toPublicItem(r, types),
          enterpriseName: r.enterpriseName,
          isPublic: r.isPublic === 1,
          ...progress(r, now, true),
        })),
        total,
        q,
      );
    },

    async statistics(): Promise<AppealStatistics> {
      const s = await repo.appealStatistics(db);
      return {
        appealCount: s.received,
        appealResolvedCount: s.resolved,
        satisfactionRate: s.evaluated ? Math.round((s.satisfied / s.evaluated) * 1000) / 10 : null,
      };
    },
  };
}

export type AppealService = ReturnType<typeof createAppealService>;
