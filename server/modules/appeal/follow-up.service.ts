import {
  FOLLOW_UP_STATUS,
  type FollowUpFeedbackInput,
  type FollowUpItem,
  type FollowUpQuery,
  type FollowUpStatus,
  type FollowUpVerifyInput,
} from '#contract/appeal-follow-up.ts';
import { evaluationLevelText } from '#contract/evaluation.ts';
import type { Page } from '#contract/paging.ts';
import { officeOf } from '#contract/staff.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { deadlineFlags } from '#server/platform/workflow/deadline-flags.ts';
import { conflict, forbidden, notFound } from '#server/platform/http/errors.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import type { MessageService } from '../message/message.service.ts';
import type { NewTimeline } from './appeal.repository.ts';
import * as repo from './follow-up.repository.ts';
import { writeVersion } from '#server/db/database.ts';
import { whileUnchanged } from '#server/db/while-unchanged.ts';
import { reindexRecords } from '../search/search.indexer.ts';

/** Who acts on follow-ups (the console's StaffActor has these). */
interface Actor {
  name: string;
  departmentName?: string | null;
  permissions: readonly string[];
}

const MOVED_ON = '该差评整改刚刚被其他人处理过，请刷新后重试';

function toItem(row: repo.FollowUpListRow, now: Date): FollowUpItem {
  const open = row.status !== 'fed_back';
  return {
    id: row.id,
    appealId: row.appealId,
    appealTitle: row.appealTitle,
    enterpriseName: row.enterpriseName,
    departmentName: row.departmentName,
    evaluationLevel: row.evaluationLevel,
    evaluationLevelText: evaluationLevelText(row.evaluationLevel),
    evaluationComment: row.evaluationComment,
    status: row.status as FollowUpStatus,
    statusText: FOLLOW_UP_STATUS[row.status as FollowUpStatus] ?? row.status,
    verification: row.verification,
    feedback: row.feedback,
    createdAt: row.createdAt,
    fedBackAt: row.fedBackAt,
    // Once fed back, nothing is owed any more.
    dueAt: open ? row.dueAt : null,
    ...deadlineFlags(open ? row.dueAt : null, now),
  };
}

const stamp = (after: string) => new Date(Math.max(Date.now(), Date.parse(after) + 1));

/**
 * 差评 follow-ups (docs/console.md "Workflows"): opened by the appeal service when an enterprise rates
 * 不满意 or worse; 核实 (verify) and 整改反馈 (feedback, within 5 working days), which resolves the
 * appeal again so that the enterprise may rate anew. Both steps show in the enterprise's timeline.
 */
export function createFollowUpService({ db, kv }: Deps, { message }: { message: MessageService }) {
  const open = whileUnchanged<{ open: number; overdue: number }>(writeVersion(db, ['appealFollowUp']));
  // The list's total by its filters, as the other queues keep theirs (a keyword reads the appeal's
  // title and the enterprise's name): counting on every page was a second query per call.
  const totals = whileUnchanged<number>(writeVersion(db, ['appealFollowUp', 'appeal', 'enterprise']));
  function need(actor: Actor) {
    if (!actor.permissions.includes('evaluation:follow-up')) throw forbidden('对不起，您没有权限进行此操作');
  }

  async function load(rawId: unknown): Promise<repo.FollowUpFull> {
    const row = await repo.findFollowUp(db, parseId(rawId, '差评整改'));
    if (!row) throw notFound('该差评整改不存在');
    return row;
  }

  const event = (action: 'verified' | 'rectified', at: Date, note: string | null, actor: Actor): NewTimeline => ({
    action,
    actor: officeOf(actor),
    at: at.toISOString(),
    note,
    staffName: actor.name,
    internal: 0,
  });

  return {
    async list(actor: Actor, q: FollowUpQuery): Promise<Page<FollowUpItem>> {
      need(actor);
      const now = new Date();
      const at = now.toISOString();
      const { currentPage, pageSize, ...filter } = q;
      const [records, total] = await Promise.all([repo.followUpPage(db, q, at), totals(JSON.stringify(filter), () => repo.followUpTotal(db, q, at))]);
      return toPage(records.map((r) => toItem(r, now)), total, { currentPage, pageSize });
    },

    /** Follow-ups waiting for 核实 or 整改反馈, and the overdue ones among them (the dashboard). */
    async openCounts(actor: Actor): Promise<{ open: number; overdue: number }> {
      need(actor);
      return open('all', () => repo.countOpenFollowUps(db, new Date().toISOString()));
    },

    async ofAppeal(appealId: number): Promise<FollowUpItem[]> {
      const now = new Date();
      return (await repo.listFollowUpsOf(db, appealId)).map((r) => toItem(r, now));
    },

    async openOf(appealId: number): Promise<boolean> {
      return !!(await repo.openFollowUpOf(db, appealId));
    },

    /** 核实: what was found stays with staff; the enterprise sees that it was verified. */
    async verify(actor: Actor, input: FollowUpVerifyInput): Promise<void> {
      need(actor);
      const row = await load(input.id);
      if (row.status !== 'open') throw conflict(`该差评已核实（当前状态：${FOLLOW_UP_STATUS[row.status as FollowUpStatus] ?? row.status}）`);
      const at = stamp(row.createdAt);
      const moved = await repo.moveFollowUp(
        db,
        { id: row.id, from: ['open'], patch: { status: 'verified', verification: input.verification, verifiedAt: at.toISOString() } },
        null,
        row.appealId,
        [event('verified', at, '企业服务局已核实您反映的问题，正在督促整改', actor)],
        async () => undefined,
      );
      if (!moved) throw conflict(MOVED_ON);
    },

    /** 整改反馈: answers the enterprise, resolves the appeal again and invites a new rating. */
    async feedback(actor: Actor, input: FollowUpFeedbackInput): Promise<void> {
      need(actor);
      const row = await load(input.id);
      if (row.status === 'fed_back') throw conflict('该差评已整改反馈，企业可重新评价');
      if (row.appealStatus !== 'processing') throw conflict('该诉求当前不在办理中，不能反馈整改结果');
      const at = stamp(row.appealUpdatedAt);
      const now = at.toISOString();
      const moved = await repo.moveFollowUp(
        db,
        { id: row.id, from: ['open', 'verified'], patch: { status: 'fed_back', feedback: input.feedback, fedBackAt: now } },
        { id: row.appealId, from: ['processing'], patch: { status: 'resolved', reply: input.feedback, repliedAt: now, dueAt: null, updatedAt: now } },
        row.appealId,
        [event('rectified', at, input.feedback, actor)],
        (trx) =>
          message.record(trx, [
            {
              enterpriseId: row.enterpriseId,
              title: `诉求“${row.appealTitle}”整改反馈`.slice(0, 100),
              content: '我们已就您的评价核实整改，请查看反馈并重新评价。',
              link: `/user/appeal/${row.appealId}`,
              sms: { phone: row.applicantPhone, template: 'appeal_rectified', subject: row.appealTitle },
            },
          ]),
      );
      if (!moved) throw conflict(MOVED_ON);
      message.deliver(moved.result);
      if (row.isPublic) {
        await reindexRecords(db, 'appeal', [row.appealId]);
        await bumpContentVersion(kv);
      }
    },
  };
}

export type FollowUpService = ReturnType<typeof createFollowUpService>;
