import {
  APPEAL_ACCEPT_WORKING_DAYS,
  APPEAL_ACTION,
  APPEAL_REPLY_WORKING_DAYS,
  APPEAL_STATUS,
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
import type { FileRef } from '#contract/envelope.ts';
import { isDissatisfied, toEvaluation, type EvaluateInput } from '#contract/evaluation.ts';
import type { Page } from '#contract/paging.ts';
import { addWorkingDays } from '#server/platform/working-days.ts';
import type { AuthUser } from '#server/platform/auth.ts';
import { bumpContentVersion } from '#server/platform/content-version.ts';
import { enterpriseOf } from '#server/platform/enterprise-user.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/platform/errors.ts';
import { parseFiles } from '#server/platform/json.ts';
import { parseId, toPage } from '#server/platform/paging.ts';
import type { Deps } from '#server/services.ts';
import type { DictService } from '../dict/dict.service.ts';
import type { FilesService } from '../files/files.service.ts';
import * as repo from './appeal.repository.ts';

/** Who acts for the bureau in the timeline. */
export const BUREAU = '企业服务局';
/** How an enterprise's own actions read to anyone else. */
const ENTERPRISE_ACTOR = '申请企业';
const ENTERPRISE_ACTIONS: readonly string[] = ['submitted', 'updated', 'withdrawn', 'evaluated'];

const NOT_FOUND = '该诉求不存在或您无权查看';

/** The deadline still owed by the bureau has passed. */
function isOverdue(row: Pick<repo.AppealRow, 'status' | 'acceptDeadlineAt' | 'replyDeadlineAt'>, now: string): boolean {
  if (row.status === 'pending') return now > row.acceptDeadlineAt;
  if (row.status === 'processing') return !!row.replyDeadlineAt && now > row.replyDeadlineAt;
  return false;
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
const progress = (row: Pick<repo.AppealRow, 'status' | 'acceptDeadlineAt' | 'replyDeadlineAt'>, now: string, mine: boolean) => ({
  acceptDeadlineAt: row.acceptDeadlineAt,
  replyDeadlineAt: row.replyDeadlineAt,
  overdue: isOverdue(row, now),
  canEdit: mine && row.status === 'pending',
  canEvaluate: mine && row.status === 'resolved',
});

const event = (action: AppealAction, actor: string, at: string, note: string | null = null): repo.NewTimeline => ({ action, actor, at, note });

export function createAppealService({ db, kv }: Deps, { dict, files }: { dict: DictService; files: FilesService }) {
  async function checkedType(type: string): Promise<string> {
    const options = await dict.options('appeal_type');
    if (!options.some((o) => o.id === type)) throw badRequest('请选择诉求类型', { type: '请选择诉求类型' });
    return type;
  }

  async function publicChanged(isPublic: boolean | number) {
    if (isPublic) await bumpContentVersion(kv);
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

  /** The appeal the bureau acts on (any enterprise's). */
  async function bureauAppeal(id: number): Promise<repo.AppealWithEnterprise> {
    const row = await repo.findAppeal(db, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  function requireState(row: repo.AppealRow, allowed: readonly AppealStatus[], message: string) {
    if (!allowed.includes(row.status as AppealStatus)) throw conflict(`${message}（当前状态：${APPEAL_STATUS[row.status as AppealStatus] ?? row.status}）`);
  }

  async function move(row: repo.AppealRow, from: readonly AppealStatus[], patch: Parameters<typeof repo.transition>[3], events: repo.NewTimeline[]) {
    const moved = await repo.transition(db, row.id, from, patch, events);
    if (!moved) throw conflict('该诉求的状态刚刚发生了变化，请刷新后重试');
    await publicChanged(row.isPublic);
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
      status: row.status as AppealStatus,
      statusText: APPEAL_STATUS[row.status as AppealStatus],
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
      const id = await repo.insertAppeal(
        db,
        {
          enterpriseId,
          userId: user.userId,
          ...writtenFields(input, type, attachments),
          status: 'pending',
          acceptDeadlineAt: addWorkingDays(at, APPEAL_ACCEPT_WORKING_DAYS).toISOString(),
          createdAt: now,
          updatedAt: now,
        },
        event('submitted', user.nickName, now),
      );
      await publicChanged(input.isPublic);
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
        { ...writtenFields(input, type, attachments), updatedAt: now },
        [event('updated', user.nickName, now)],
      );
      // Leaving the public list purges it just as joining it does.
      if (!row.isPublic) await publicChanged(input.isPublic);
    },

    /** The enterprise withdraws its appeal while 待受理. */
    async withdraw(user: AuthUser, rawId: unknown): Promise<void> {
      const row = await ownAppeal(user, rawId);
      requireState(row, ['pending'], '诉求已受理或已结束，不能撤回');
      const now = new Date().toISOString();
      await move(row, ['pending'], { status: 'withdrawn', updatedAt: now }, [event('withdrawn', user.nickName, now)]);
    },

    /** 好差评 once the appeal is 已办结; 不满意 or worse reopens it for follow-up instead of closing it. */
    async evaluate(user: AuthUser, input: EvaluateInput): Promise<void> {
      const row = await ownAppeal(user, input.id);
      requireState(row, ['resolved'], '诉求办结后才能评价，且每次办结只能评价一次');
      const at = new Date();
      const now = at.toISOString();
      const evaluation = { evaluationLevel: input.level, evaluationComment: input.comment ?? null, evaluatedAt: now, updatedAt: now };
      const rated = event('evaluated', user.nickName, now, input.comment ?? null);
      if (isDissatisfied(input.level)) {
        await move(row, ['resolved'], { ...evaluation, status: 'processing', replyDeadlineAt: addWorkingDays(at, APPEAL_REPLY_WORKING_DAYS).toISOString() }, [
          rated,
          event('reopened', BUREAU, now, '企业对办理结果不满意，诉求重新进入办理，企业服务局将跟进处理'),
        ]);
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
      const now = new Date().toISOString();
      return {
        ...toPublicItem(row, types),
        enterpriseName: mine ? row.enterpriseName : maskEnterpriseName(row.enterpriseName),
        content: row.content,
        isPublic: row.isPublic === 1,
        mine,
        rejectReason: row.rejectReason,
        acceptedAt: row.acceptedAt,
        evaluation: toEvaluation(row),
        timeline: timeline.map((e) => ({
          action: e.action,
          actionText: APPEAL_ACTION[e.action as AppealAction] ?? e.action,
          note: e.note,
          at: e.at,
          actor: mine || !ENTERPRISE_ACTIONS.includes(e.action) ? e.actor : ENTERPRISE_ACTOR,
        })),
        // Contact details and the enterprise's files are for the enterprise and the bureau only.
        contactName: mine ? row.contactName : null,
        contactPhone: mine ? row.contactPhone : null,
        attachments: mine ? parseFiles(row.attachments) : [],
        ...progress(row, now, mine),
      };
    },

    /** The public list: public appeals that were not withdrawn, masked names, the bureau's reply. */
    async listPublic(q: AppealQuery): Promise<Page<PublicAppealItem>> {
      const [{ records, total }, types] = await Promise.all([repo.listPublicAppeals(db, q), typeLabels()]);
      return toPage(records.map((r) => toPublicItem(r, types)), total, q);
    },

    /** The enterprise's own appeals, every state, with deadlines and what it may do next. */
    async listOwn(user: AuthUser, q: AppealEnPagesQuery): Promise<Page<OwnAppealItem>> {
      const enterpriseId = enterpriseOf(user);
      const [{ records, total }, types] = await Promise.all([repo.listOwnAppeals(db, enterpriseId, q), typeLabels()]);
      const now = new Date().toISOString();
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

    // The bureau's side of the state diagram. Its console is later work; the rules live here now.

    async accept(id: number, actor = BUREAU, note: string | null = null): Promise<void> {
      const row = await bureauAppeal(id);
      requireState(row, ['pending'], '只有待受理的诉求可以受理');
      const at = new Date();
      const now = at.toISOString();
      await move(row, ['pending'], { status: 'processing', acceptedAt: now, replyDeadlineAt: addWorkingDays(at, APPEAL_REPLY_WORKING_DAYS).toISOString(), updatedAt: now }, [
        event('accepted', actor, now, note),
      ]);
    },

    async reject(id: number, reason: string, actor = BUREAU): Promise<void> {
      const row = await bureauAppeal(id);
      requireState(row, ['pending'], '只有待受理的诉求可以不予受理');
      if (!reason.trim()) throw badRequest('请填写不予受理的理由', { reason: '请填写不予受理的理由' });
      const now = new Date().toISOString();
      await move(row, ['pending'], { status: 'rejected', rejectReason: reason.trim(), updatedAt: now }, [event('rejected', actor, now, reason.trim())]);
    },

    async reply(id: number, reply: string, actor = BUREAU): Promise<void> {
      const row = await bureauAppeal(id);
      requireState(row, ['processing'], '只有办理中的诉求可以办结答复');
      if (!reply.trim()) throw badRequest('请填写答复内容', { reply: '请填写答复内容' });
      const now = new Date().toISOString();
      await move(row, ['processing'], { status: 'resolved', reply: reply.trim(), repliedAt: now, updatedAt: now }, [event('replied', actor, now, reply.trim())]);
    },
  };
}

export type AppealService = ReturnType<typeof createAppealService>;
