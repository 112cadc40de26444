import { APPEAL_REPLY_WORKING_DAYS, APPEAL_STATUS, APPEAL_STATUSES, type AppealAction, type AppealStatus } from '#contract/appeal.ts';
import {
  APPEAL_REVISIT_WORKING_DAYS,
  APPEAL_SIGN_WORKING_DAYS,
  type AcceptInput,
  type AssignInput,
  type ExtendDecideInput,
  type ExtendInput,
  type NoteInput,
  type RejectInput,
  type ReplyInput,
  type RevisitInput,
  type UnpublishInput,
  type UrgeInput,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderItem,
  type WorkOrderQuery,
} from '#contract/appeal.console.ts';
import { formatDate } from '#contract/format.ts';
import { officeOf } from '#contract/staff.ts';
import { SMS_STATUS, type SmsStatus } from '#contract/message.ts';
import type { CappedPage } from '#contract/paging.ts';
import { toEvaluation } from '#contract/evaluation.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { deadlineBounds, deadlineFlags } from '#server/platform/workflow/deadline-flags.ts';
import { nextInQueue } from '#server/platform/workflow/next-in-queue.ts';
import type { QueueNext } from '#contract/queue-next.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/platform/http/errors.ts';
import { parseFiles } from '#server/platform/http/json.ts';
import { parseId, pastCapMemo, toCappedPage } from '#server/platform/http/paging.ts';
import { writeVersion } from '#server/db/database.ts';
import { nextStamp } from '#server/platform/workflow/step-stamp.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import type { Deps } from '#server/deps.ts';
import type { DictService } from '../dict/dict.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import * as appeals from './appeal.repository.ts';
import { appealNotice, timelineEntry } from './appeal.service.ts';
import type { FollowUpService } from './follow-up.service.ts';
import * as repo from './appeal.console.repository.ts';
import { whileUnchanged } from '#server/db/while-unchanged.ts';
import { reindexRecords } from '../search/search.indexer.ts';

/** The staff member acting: the console's StaffActor carries these (and more). */
export interface Actor {
  id: number;
  name: string;
  departmentId: number | null;
  /** The timeline signs steps with the office (officeOf), never the person. */
  departmentName?: string | null;
  permissions: readonly string[];
}

const can = (actor: Actor, permission: string) => actor.permissions.includes(permission);
/** Dispatchers and follow-up staff see every work order; a handler only their department's. */
const seesAll = (actor: Actor) => can(actor, 'appeal:dispatch') || can(actor, 'evaluation:follow-up');
const scopeOf = (actor: Actor): repo.Scope => (seesAll(actor) ? {} : { departmentId: actor.departmentId ?? -1 });

const NOT_FOUND = '该诉求不存在或不属于本部门办理';
const MOVED_ON = '该工单刚刚被其他人处理过，请刷新后重试';
const lastMoment = (deadline: string) => new Date(Date.parse(deadline) - 1);
const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));

function event(action: AppealAction, actor: string, at: Date, note: string | null, staffName: string, internal = false): appeals.NewTimeline {
  return { action, actor, at: at.toISOString(), note, staffName, internal: internal ? 1 : 0 };
}

/**
 * The bureau's side of an appeal (docs/console.md "Workflows"): accept / reject, assign to a
 * department, sign, extension and its decision, urge, notes, reply, 回访, hiding from the public
 * list. Every step is a compare-and-set on the row as it was read, writes a timeline row (the
 * enterprise sees the department, never a staff name; internal rows stay internal), tells the
 * enterprise through the notify service where it must know, and is audited by the console's hook.
 */
export function createAppealConsoleService(
  { db, kv }: Deps,
  { dict, files, message, followUps }: { dict: DictService; files: FilesService; message: MessageService; followUps: FollowUpService },
) {
  async function load(actor: Actor, rawId: unknown): Promise<repo.WorkOrderFull> {
    const row = await repo.findWorkOrder(db, parseId(rawId, '诉求'));
    if (!row || row.status === 'withdrawn') throw notFound(NOT_FOUND);
    if (!seesAll(actor) && !(can(actor, 'appeal:handle') && row.departmentId !== null && row.departmentId === actor.departmentId)) throw notFound(NOT_FOUND);
    return row;
  }

  function need(actor: Actor, permission: string) {
    if (!can(actor, permission)) throw forbidden('对不起，您没有权限进行此操作');
  }

  function requireState(row: repo.WorkOrderFull, allowed: readonly AppealStatus[], message: string) {
    if (!allowed.includes(row.status)) throw conflict(`${message}（当前状态：${APPEAL_STATUS[row.status]}）`);
  }

  /** A handler acting for their own department on a work order assigned to it. */
  function requireOwnDepartment(actor: Actor, row: repo.WorkOrderFull, doing: string) {
    need(actor, 'appeal:handle');
    if (row.departmentId === null || row.departmentId !== actor.departmentId) throw conflict(`该诉求不是转交本部门办理的，不能${doing}`);
  }

  /** One step: compare-and-set on state and version, timeline, messages in the same transaction; SMS after commit. */
  async function step(row: repo.WorkOrderFull, from: readonly AppealStatus[], at: Date, patch: appeals.AppealPatch, events: appeals.NewTimeline[], notices: Notice[] = []) {
    const moved = await appeals.transition(db, row.id, {
      from,
      unchangedSince: row.updatedAt,
      patch: { ...patch, updatedAt: at.toISOString() },
      events,
      within: (trx) => message.record(trx, notices),
    });
    if (!moved) throw conflict(MOVED_ON);
    message.deliver(moved.result ?? []);
    if (!row.isPublic) return;
    await reindexRecords(db, 'appeal', [row.id]);
    await bumpContentVersion(kv);
  }

  function actionsFor(actor: Actor, row: repo.WorkOrderFull, followUpOpen: boolean): WorkOrderAction[] {
    const dispatch = can(actor, 'appeal:dispatch');
    const own = can(actor, 'appeal:handle') && row.departmentId !== null && row.departmentId === actor.departmentId;
    const processing = row.status === 'processing';
    const allowed: Record<WorkOrderAction, boolean> = {
      accept: dispatch && row.status === 'pending',
      reject: dispatch && row.status === 'pending',
      assign: dispatch && processing,
      sign: own && processing && !row.signedAt,
      extend: own && processing && !!row.signedAt && !row.extensionStatus && !followUpOpen,
      'extend-decide': dispatch && processing && row.extensionStatus === 'requested',
      urge: dispatch && processing,
      note: dispatch || own,
      reply: processing && !followUpOpen && ((own && !!row.signedAt) || (dispatch && row.departmentId === null)),
      revisit: can(actor, 'evaluation:follow-up') && !!row.revisitDeadlineAt && !row.revisitedAt && ['resolved', 'evaluated'].includes(row.status),
      unpublish: dispatch && row.isPublic === 1,
    };
    return (Object.keys(allowed) as WorkOrderAction[]).filter((a) => allowed[a]);
  }

  function toItem(row: repo.WorkOrderRow, types: Map<string, string>, now: Date): WorkOrderItem {
    return {
      id: row.id,
      title: row.title,
      typeText: types.get(row.type) ?? row.type,
      enterpriseName: row.enterpriseName,
      status: row.status,
      statusText: APPEAL_STATUS[row.status],
      departmentId: row.departmentId,
      departmentName: row.departmentName,
      signedAt: row.signedAt,
      extensionStatus: row.extensionStatus as WorkOrderItem['extensionStatus'],
      createdAt: row.createdAt,
      dueAt: row.dueAt,
      ...deadlineFlags(row.dueAt, now),
    };
  }

  const queueTotal = pastCapMemo({ version: writeVersion(db, ['appeal', 'enterprise']) });
  const counts = whileUnchanged<number[]>(writeVersion(db, ['appeal']));

  return {
    /** The queues: a handler's is their department's; filters status, department, 超期, 临期, extension requests, keyword. */
    async list(actor: Actor, q: WorkOrderQuery): Promise<CappedPage<WorkOrderItem>> {
      const now = new Date();
      const scope = scopeOf(actor);
      const bounds = deadlineBounds(now);
      // The order changes no total: one remembered count for every order of the same filters.
      const { currentPage, pageSize, sortBy: _sortBy, sortOrder: _sortOrder, ...filter } = q;
      const [records, count, types] = await Promise.all([
        repo.workOrderPage(db, q, scope, bounds),
        queueTotal({ ...filter, scope }, (exact) => repo.workOrderTotal(db, q, scope, bounds, exact)),
        dict.labels('appeal_type'),
      ]);
      return toCappedPage(records.map((r) => toItem(r, types, now)), count, { currentPage, pageSize });
    },

    /** 下一条: the work order after `id` in the list of these filters, within the person's row scope. */
    async next(actor: Actor, q: WorkOrderQuery, id: number, at: number): Promise<QueueNext> {
      const scope = scopeOf(actor);
      const bounds = deadlineBounds(new Date());
      return nextInQueue(async (i) => (await repo.workOrderPage(db, { ...q, currentPage: i + 1, pageSize: 1 }, scope, bounds))[0]?.id ?? null, id, at);
    },

    /** How many work orders each filter finds (up to `cap`), within the person's row scope: the dashboard, by the list's filters. */
    async count(actor: Actor, filters: readonly Partial<WorkOrderQuery>[], cap: number): Promise<number[]> {
      const now = new Date();
      const bounds = deadlineBounds(now);
      const scope = scopeOf(actor);
      return counts(JSON.stringify([scope, filters, cap]), () => Promise.all(filters.map((f) => repo.countWorkOrders(db, f, scope, bounds, cap))));
    },

    async detail(actor: Actor, rawId: unknown): Promise<WorkOrderDetail> {
      const row = await load(actor, rawId);
      const now = new Date();
      const [timeline, types, sms, followUpList] = await Promise.all([
        appeals.listTimeline(db, row.id, true),
        dict.labels('appeal_type'),
        message.smsFor(`/user/appeal/${row.id}`),
        followUps.ofAppeal(row.id),
      ]);
      const followUpOpen = followUpList.some((f) => f.status !== 'fed_back');
      return {
        ...toItem(row, types, now),
        type: row.type,
        content: row.content,
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        attachments: parseFiles(row.attachments),
        isPublic: row.isPublic === 1,
        unpublishReason: row.unpublishReason,
        rejectReason: row.rejectReason,
        acceptDeadlineAt: row.acceptDeadlineAt,
        acceptedAt: row.acceptedAt,
        assignedAt: row.assignedAt,
        signDeadlineAt: row.signDeadlineAt,
        replyDeadlineAt: row.replyDeadlineAt,
        extensionDays: row.extensionDays,
        extensionReason: row.extensionReason,
        reply: row.reply,
        replyAttachments: parseFiles(row.replyAttachments),
        repliedAt: row.repliedAt,
        revisitDeadlineAt: row.revisitDeadlineAt,
        revisitedAt: row.revisitedAt,
        evaluation: toEvaluation(row),
        timeline: timeline.map((e) => ({ ...timelineEntry(e), internal: e.internal === 1, staffName: e.staffName })),
        sms: sms.map((s) => ({ ...s, statusText: SMS_STATUS[s.status as SmsStatus] ?? s.status })),
        followUps: followUpList,
        actions: actionsFor(actor, row, followUpOpen),
      };
    },

    /** The titles of the work orders the person may open, for a batch's report (others stay unnamed). */
    async titles(actor: Actor, ids: readonly number[]): Promise<Map<number, string>> {
      return new Map((await repo.workOrderTitles(db, ids, scopeOf(actor))).map((r) => [r.id, r.title]));
    },

    /** A file the work order names (the appeal's attachments or its reply's), for whoever may open the work order. */
    async file(actor: Actor, rawId: unknown, key: string) {
      const row = await load(actor, rawId);
      if (![...parseFiles(row.attachments), ...parseFiles(row.replyAttachments)].some((f) => f.path === key)) throw notFound('文件不存在或您无权下载');
      return files.openNamed(key);
    },

    async accept(actor: Actor, input: AcceptInput): Promise<void> {
      need(actor, 'appeal:dispatch');
      const row = await load(actor, input.id);
      requireState(row, ['pending'], '只有待受理的诉求可以受理');
      const at = nextStamp(row);
      const replyDeadlineAt = addWorkingDays(at, APPEAL_REPLY_WORKING_DAYS).toISOString();
      await step(
        row,
        ['pending'],
        at,
        { status: 'processing', acceptedAt: at.toISOString(), replyDeadlineAt, dueAt: replyDeadlineAt },
        [event('accepted', officeOf(actor), at, input.note ?? null, actor.name)],
        [appealNotice(row, `已受理，将在 ${APPEAL_REPLY_WORKING_DAYS} 个工作日内办结答复。`, 'appeal_accepted')],
      );
    },

    async reject(actor: Actor, input: RejectInput): Promise<void> {
      need(actor, 'appeal:dispatch');
      const row = await load(actor, input.id);
      requireState(row, ['pending'], '只有待受理的诉求可以不予受理');
      const at = nextStamp(row);
      await step(row, ['pending'], at, { status: 'rejected', rejectReason: input.reason, dueAt: null }, [event('rejected', officeOf(actor), at, input.reason, actor.name)], [
        appealNotice(row, `不予受理，理由：${input.reason}`, 'appeal_rejected'),
      ]);
    },

    /** 转办: to a department, which signs for it within 1 working day; assigning again moves it on. */
    async assign(actor: Actor, input: AssignInput): Promise<void> {
      need(actor, 'appeal:dispatch');
      const row = await load(actor, input.id);
      requireState(row, ['processing'], '只有办理中的诉求可以转办');
      const department = await repo.findDepartment(db, input.departmentId);
      if (!department) throw badRequest('该部门不存在，请重新选择', { departmentId: '该部门不存在，请重新选择' });
      if (department.id === row.departmentId && !row.signedAt) throw conflict(`该诉求已转交${department.name}，正等待签收`);
      const at = nextStamp(row);
      const signDeadlineAt = addWorkingDays(at, APPEAL_SIGN_WORKING_DAYS).toISOString();
      const note = `转交${department.name}办理${input.note ? `：${input.note}` : ''}`;
      await step(
        row,
        ['processing'],
        at,
        { departmentId: department.id, assignedAt: at.toISOString(), signDeadlineAt, signedAt: null, dueAt: earlier(signDeadlineAt, row.replyDeadlineAt) },
        [event('assigned', officeOf(actor), at, note, actor.name)],
        [appealNotice(row, `已转交${department.name}办理，请留意办理进展。`)],
      );
    },

    async sign(actor: Actor, rawId: unknown): Promise<void> {
      const row = await load(actor, rawId);
      requireOwnDepartment(actor, row, '签收');
      requireState(row, ['processing'], '只有办理中的诉求可以签收');
      if (row.signedAt) throw conflict('该诉求本部门已签收');
      const at = nextStamp(row);
      await step(row, ['processing'], at, { signedAt: at.toISOString(), dueAt: row.replyDeadlineAt }, [event('signed', officeOf(actor), at, null, actor.name)]);
    },

    /** The department asks once for up to 5 more working days; a dispatcher decides. */
    async extend(actor: Actor, input: ExtendInput): Promise<void> {
      const row = await load(actor, input.id);
      requireOwnDepartment(actor, row, '申请延期');
      requireState(row, ['processing'], '只有办理中的诉求可以申请延期');
      if (!row.signedAt) throw conflict('请先签收该诉求，再申请延期');
      if (row.extensionStatus) throw conflict('每件诉求只能申请一次延期，本件已申请过');
      const at = nextStamp(row);
      await step(
        row,
        ['processing'],
        at,
        { extensionStatus: 'requested', extensionDays: input.days, extensionReason: input.reason },
        [event('extension_requested', officeOf(actor), at, `申请延长 ${input.days} 个工作日：${input.reason}`, actor.name, true)],
      );
    },

    async extendDecide(actor: Actor, input: ExtendDecideInput): Promise<void> {
      need(actor, 'appeal:dispatch');
      const row = await load(actor, input.id);
      requireState(row, ['processing'], '只有办理中的诉求可以审批延期');
      if (row.extensionStatus !== 'requested') throw conflict('该诉求没有待审批的延期申请');
      const at = nextStamp(row);
      if (!input.approved) {
        await step(row, ['processing'], at, { extensionStatus: 'refused' }, [event('extension_refused', officeOf(actor), at, input.note ?? null, actor.name, true)]);
        return;
      }
      const days = row.extensionDays!;
      // Counted from the old deadline: its own day does not count again.
      const replyDeadlineAt = addWorkingDays(lastMoment(row.replyDeadlineAt!), days).toISOString();
      // The deadline is the midnight that ends its day: people read the day it ends, not the next one.
      const until = formatDate(lastMoment(replyDeadlineAt));
      await step(
        row,
        ['processing'],
        at,
        { extensionStatus: 'approved', replyDeadlineAt, dueAt: row.signedAt ? replyDeadlineAt : earlier(row.signDeadlineAt, replyDeadlineAt) },
        [event('extended', officeOf(actor), at, `办理期限延长 ${days} 个工作日，答复时限延至 ${until}。原因：${row.extensionReason}`, actor.name)],
        [appealNotice(row, `办理期限延长 ${days} 个工作日，答复时限延至 ${until}。原因：${row.extensionReason}`)],
      );
    },

    /** 督办: the enterprise sees that the bureau pressed the department; the dispatcher's words stay internal. */
    async urge(actor: Actor, input: UrgeInput): Promise<void> {
      need(actor, 'appeal:dispatch');
      const row = await load(actor, input.id);
      requireState(row, ['processing'], '只有办理中的诉求可以督办');
      const at = nextStamp(row);
      const events = [event('urged', officeOf(actor), at, '企业服务局已督促承办部门加快办理', actor.name)];
      if (input.note) events.push(event('note', officeOf(actor), at, `督办意见：${input.note}`, actor.name, true));
      await step(row, ['processing'], at, {}, events);
    },

    /** Internal notes: never shown to the enterprise; notes never conflict, so no version check. */
    async note(actor: Actor, input: NoteInput): Promise<void> {
      const row = await load(actor, input.id);
      if (!can(actor, 'appeal:dispatch')) requireOwnDepartment(actor, row, '备注');
      await repo.insertTimeline(db, row.id, event('note', officeOf(actor), new Date(), input.content, actor.name, true));
    },

    /** 办结: the department that signed for it answers (the bureau itself when it assigned it to nobody). */
    async reply(actor: Actor, input: ReplyInput): Promise<void> {
      const row = await load(actor, input.id);
      requireState(row, ['processing'], '只有办理中的诉求可以办结答复');
      const own = can(actor, 'appeal:handle') && row.departmentId !== null && row.departmentId === actor.departmentId;
      if (own) {
        if (!row.signedAt) throw conflict('请先签收该诉求，再答复');
      } else {
        need(actor, 'appeal:dispatch');
        if (row.departmentId !== null) throw conflict(`该诉求已转交${row.departmentName ?? '承办部门'}办理，应由承办部门答复`);
      }
      if (await followUps.openOf(row.id)) throw conflict('该诉求正在差评整改中，请在“差评整改”中向企业反馈');
      const attachments = await files.handOver(input.attachments, row.enterpriseId, 'attachments');
      const at = nextStamp(row);
      const revisitDeadlineAt = addWorkingDays(at, APPEAL_REVISIT_WORKING_DAYS).toISOString();
      await step(
        row,
        ['processing'],
        at,
        {
          status: 'resolved',
          reply: input.reply,
          replyAttachments: JSON.stringify(attachments),
          repliedAt: at.toISOString(),
          revisitDeadlineAt,
          revisitedAt: null,
          dueAt: revisitDeadlineAt,
        },
        [event('replied', officeOf(actor), at, input.reply, actor.name)],
        [appealNotice(row, '已办结，请查看答复并对办理结果进行评价。', 'appeal_resolved')],
      );
    },

    /** 回访 within 2 working days of the reply. */
    async revisit(actor: Actor, input: RevisitInput): Promise<void> {
      need(actor, 'evaluation:follow-up');
      const row = await load(actor, input.id);
      requireState(row, ['resolved', 'evaluated'], '诉求办结后才能回访');
      if (row.revisitedAt || !row.revisitDeadlineAt) throw conflict('该诉求本次办结已回访');
      const at = nextStamp(row);
      await step(row, ['resolved', 'evaluated'], at, { revisitedAt: at.toISOString(), dueAt: null }, [event('revisited', officeOf(actor), at, input.note, actor.name)]);
    },

    /** Takes it off the public list for good (personal data, a dispute...), telling the enterprise why. */
    async unpublish(actor: Actor, input: UnpublishInput): Promise<void> {
      need(actor, 'appeal:dispatch');
      const row = await load(actor, input.id);
      if (row.isPublic !== 1) throw conflict('该诉求未在公开诉求中展示');
      const at = nextStamp(row);
      const states = APPEAL_STATUSES.filter((s) => s !== 'withdrawn');
      await step(row, states, at, { isPublic: 0, unpublishReason: input.reason }, [event('unpublished', officeOf(actor), at, input.reason, actor.name)], [
        appealNotice(row, `不再在公开诉求中展示，原因：${input.reason}`),
      ]);
    },
  };
}

export type AppealConsoleService = ReturnType<typeof createAppealConsoleService>;
