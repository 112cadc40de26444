import { APPEAL_ACCEPT_WORKING_DAYS, APPEAL_REPLY_WORKING_DAYS, type AppealAction, type AppealStatus } from '#contract/appeal.ts';
import { FOLLOW_UP_WORKING_DAYS } from '#contract/appeal-follow-up.ts';
import { APPEAL_SIGN_WORKING_DAYS } from '#contract/appeal.console.ts';
import type { FileRef } from '#contract/envelope.ts';
import { BUREAU } from '#contract/format.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import type { Db } from '../database.ts';
import { APPEALS, EVALUATION_COMMENTS, REJECT_REASONS, type AppealSeed } from './enterprise.data.ts';
import type { Random } from './random.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface Applicant {
  enterpriseId: number;
  userId: number;
  contactName: string;
  contactPhone: string;
}

export interface AppealPlan {
  who: Applicant;
  seed: AppealSeed;
  status: AppealStatus;
  isPublic: boolean;
  /** Days before "now" that it was filed. */
  daysAgo: number;
  /** 1–5; 4 or 5 on a `processing` plan means it was reopened after a bad evaluation. */
  level?: number;
  attachments?: FileRef[];
  /** Also write the in-site messages its steps sent (the demo enterprise's inbox). */
  messages?: boolean;
  /** Assigned to a department (a bureau's everyday case), and how far the department got. */
  handling?: Handling;
}

export interface Department {
  id: number;
  name: string;
}

/** assigned: waits for its signature; signed: in hand; extension: signed, more time asked; replied: the department answered. */
export interface Handling {
  department: Department;
  stage: 'assigned' | 'signed' | 'extension' | 'replied';
}

interface Event {
  action: AppealAction;
  actor: string;
  at: string;
  note: string | null;
  /** 1: staff only (an extension request). */
  internal: number;
}

/** The row and timeline of an appeal that went through the state diagram up to `plan.status`. */
function history(rnd: Random, plan: AppealPlan, now: Date) {
  const at = (t: number) => new Date(Math.min(t, now.getTime() - 60_000));
  const created = at(now.getTime() - plan.daysAgo * DAY - rnd.int(0, 8) * HOUR);
  const events: Event[] = [{ action: 'submitted', actor: plan.who.contactName, at: created.toISOString(), note: null, internal: 0 }];
  const row = {
    enterpriseId: plan.who.enterpriseId,
    userId: plan.who.userId,
    title: plan.seed.title,
    type: plan.seed.type,
    content: plan.seed.content,
    contactName: plan.who.contactName,
    contactPhone: plan.who.contactPhone,
    attachments: JSON.stringify(plan.attachments ?? []),
    isPublic: plan.isPublic ? 1 : 0,
    status: plan.status,
    rejectReason: null as string | null,
    reply: null as string | null,
    repliedAt: null as string | null,
    acceptedAt: null as string | null,
    acceptDeadlineAt: addWorkingDays(created, APPEAL_ACCEPT_WORKING_DAYS).toISOString(),
    replyDeadlineAt: null as string | null,
    departmentId: null as number | null,
    assignedAt: null as string | null,
    signDeadlineAt: null as string | null,
    signedAt: null as string | null,
    extensionStatus: null as string | null,
    extensionDays: null as number | null,
    extensionReason: null as string | null,
    evaluationLevel: null as number | null,
    evaluationComment: null as string | null,
    evaluatedAt: null as string | null,
    createdAt: created.toISOString(),
    updatedAt: created.toISOString(),
  };
  const step = (from: Date, minHours: number, maxHours: number) => at(from.getTime() + rnd.int(minHours, maxHours) * HOUR);

  if (plan.status === 'withdrawn') {
    events.push({ action: 'withdrawn', actor: plan.who.contactName, at: step(created, 1, 5).toISOString(), note: null, internal: 0 });
  }
  if (plan.status === 'rejected') {
    const reason = rnd.pick(REJECT_REASONS);
    row.rejectReason = reason;
    events.push({ action: 'rejected', actor: BUREAU, at: step(created, 2, 20).toISOString(), note: reason, internal: 0 });
  }
  if (['processing', 'resolved', 'evaluated'].includes(plan.status)) {
    const accepted = step(created, 1, 20);
    row.acceptedAt = accepted.toISOString();
    row.replyDeadlineAt = addWorkingDays(accepted, APPEAL_REPLY_WORKING_DAYS).toISOString();
    events.push({ action: 'accepted', actor: BUREAU, at: row.acceptedAt, note: '已受理，转相关科室办理', internal: 0 });
    // The department's steps, at fixed offsets (the random sequence of the rest stays as it was).
    let handled = accepted;
    const h = plan.handling;
    if (h) {
      const assigned = at(accepted.getTime() + 2 * HOUR);
      Object.assign(row, { departmentId: h.department.id, assignedAt: assigned.toISOString(), signDeadlineAt: addWorkingDays(assigned, APPEAL_SIGN_WORKING_DAYS).toISOString() });
      events.push({ action: 'assigned', actor: BUREAU, at: row.assignedAt!, note: `转交${h.department.name}办理`, internal: 0 });
      handled = assigned;
      if (h.stage !== 'assigned') {
        handled = at(assigned.getTime() + 3 * HOUR);
        row.signedAt = handled.toISOString();
        events.push({ action: 'signed', actor: h.department.name, at: row.signedAt, note: null, internal: 0 });
      }
      if (h.stage === 'extension') {
        Object.assign(row, { extensionStatus: 'requested', extensionDays: 3, extensionReason: '需会同海关现场核查，核查排期在下周。' });
        events.push({ action: 'extension_requested', actor: h.department.name, at: at(handled.getTime() + HOUR).toISOString(), note: `申请延长 3 个工作日：${row.extensionReason}`, internal: 1 });
      }
    }
    const reopened = plan.status === 'processing' && (plan.level ?? 0) >= 4;
    if (plan.status !== 'processing' || reopened) {
      const replied = at(Math.max(step(accepted, 24, 96).getTime(), handled.getTime() + HOUR));
      row.reply = plan.seed.reply;
      row.repliedAt = replied.toISOString();
      events.push({ action: 'replied', actor: h?.department.name ?? BUREAU, at: row.repliedAt, note: plan.seed.reply, internal: 0 });
      if (plan.status === 'evaluated' || reopened) {
        const rated = step(replied, 6, 60);
        row.evaluationLevel = plan.level ?? rnd.pick([1, 1, 2, 2, 3]);
        row.evaluationComment = reopened ? '问题没有实际解决，希望进一步协调。' : rnd.pick(EVALUATION_COMMENTS);
        row.evaluatedAt = rated.toISOString();
        events.push({ action: 'evaluated', actor: plan.who.contactName, at: row.evaluatedAt, note: row.evaluationComment, internal: 0 });
        if (reopened) {
          row.replyDeadlineAt = addWorkingDays(rated, FOLLOW_UP_WORKING_DAYS).toISOString();
          events.push({ action: 'reopened', actor: BUREAU, at: row.evaluatedAt, note: `企业对办理结果不满意，企业服务局将在 ${FOLLOW_UP_WORKING_DAYS} 个工作日内核实整改并反馈`, internal: 0 });
        }
      }
    }
  }
  row.updatedAt = events[events.length - 1].at;
  // What the bureau owes now: the accept or reply deadline (a reopened one's is its 差评 follow-up's).
  // A department that has not signed owes its signature first (the earlier of the two deadlines).
  const waitsForSignature = row.status === 'processing' && row.departmentId !== null && !row.signedAt && !row.reply;
  const owed = waitsForSignature && row.signDeadlineAt! < row.replyDeadlineAt! ? row.signDeadlineAt : row.replyDeadlineAt;
  const dueAt = row.status === 'pending' ? row.acceptDeadlineAt : row.status === 'processing' ? owed : null;
  const reopened = row.status === 'processing' && row.evaluationLevel !== null && row.evaluationLevel >= 4;
  const followUp = reopened
    ? { evaluationLevel: row.evaluationLevel!, evaluationComment: row.evaluationComment, dueAt: row.replyDeadlineAt!, createdAt: row.evaluatedAt! }
    : null;
  return { row: { ...row, dueAt }, events, followUp, messages: plan.messages ? inboxOf(row.title, row.enterpriseId, events, now) : [] };
}

const MESSAGE_OF: Partial<Record<AppealAction, string>> = {
  accepted: '已受理，将在 5 个工作日内办结答复。',
  rejected: '不予受理，理由请查看诉求详情。',
  replied: '已办结，请查看答复并对办理结果进行评价。',
};

/** The messages the bureau's steps sent; those of the last ten days are still unread. */
function inboxOf(title: string, enterpriseId: number, events: Event[], now: Date) {
  return events.flatMap((e) => {
    const content = MESSAGE_OF[e.action];
    if (!content) return [];
    const readAt = now.getTime() - Date.parse(e.at) > 10 * DAY ? new Date(Date.parse(e.at) + 2 * HOUR).toISOString() : null;
    return [{ enterpriseId, title: `诉求“${title}”${content.split('，')[0]}`.slice(0, 100), content, createdAt: e.at, readAt }];
  });
}

/** Writes the planned appeals with their timelines, in chunks both databases accept. */
export async function insertAppeals(db: Db, rnd: Random, now: Date, plans: AppealPlan[]): Promise<void> {
  const CHUNK = 200;
  for (let i = 0; i < plans.length; i += CHUNK) {
    const built = plans.slice(i, i + CHUNK).map((p) => history(rnd, p, now));
    const ids = await db.insertInto('appeal').values(built.map((b) => b.row)).returning('id').execute();
    const events = built.flatMap((b, j) => b.events.map((e) => ({ ...e, appealId: ids[j].id })));
    for (let k = 0; k < events.length; k += 500) await db.insertInto('appealTimeline').values(events.slice(k, k + 500)).execute();
    const followUps = built.flatMap((b, j) => (b.followUp ? [{ ...b.followUp, appealId: ids[j].id }] : []));
    if (followUps.length) await db.insertInto('appealFollowUp').values(followUps).execute();
    // In the order they were sent: the inbox lists by id.
    const messages = built.flatMap((b, j) => b.messages.map((m) => ({ ...m, link: `/user/appeal/${ids[j].id}` }))).sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    if (messages.length) await db.insertInto('message').values(messages).execute();
  }
}

/** The public list: every state of the public list, from several enterprises, newest the least advanced. */
const PUBLIC_CYCLE: [AppealStatus, number, number][] = [
  ['pending', 0, 3],
  ['processing', 2, 6],
  ['evaluated', 20, 170],
  ['resolved', 8, 40],
  ['rejected', 5, 120],
  ['evaluated', 15, 150],
  ['resolved', 10, 60],
  ['processing', 3, 7],
  ['evaluated', 30, 180],
  ['pending', 1, 4],
];

/**
 * Who handles the public appeals in hand: the demo handler's department (企业服务科) has one waiting
 * for its signature, one signed, one asking for more time; others are with other departments; half
 * of the answered ones were answered by a department. `departments[0]` is the handler's.
 */
function handlingOf(status: AppealStatus, ordinal: number, departments: Department[]): Handling | undefined {
  if (!departments.length) return undefined;
  const [own, ...others] = departments;
  const other = (n: number) => (others.length ? others[n % others.length] : own);
  if (status === 'processing') {
    const stages: Handling[] = [
      { department: own, stage: 'assigned' },
      { department: own, stage: 'signed' },
      { department: own, stage: 'extension' },
      { department: other(ordinal), stage: 'signed' },
    ];
    return stages[ordinal % stages.length];
  }
  if ((status === 'resolved' || status === 'evaluated') && ordinal % 2 === 0) return { department: ordinal % 4 === 0 ? own : other(ordinal), stage: 'replied' };
  return undefined;
}

export function publicAppealPlans(rnd: Random, applicants: Applicant[], count: number, departments: Department[] = []): AppealPlan[] {
  const seen = new Map<AppealStatus, number>();
  return Array.from({ length: count }, (_, i) => {
    const [status, min, max] = PUBLIC_CYCLE[i % PUBLIC_CYCLE.length];
    const ordinal = seen.get(status) ?? 0;
    seen.set(status, ordinal + 1);
    const handling = handlingOf(status, ordinal, departments);
    return { who: applicants[i % applicants.length], seed: APPEALS[i % APPEALS.length], status, isPublic: true, daysAgo: rnd.int(min, max), ...(handling ? { handling } : {}) };
  });
}

/** The demo enterprise's appeals: every state, two 已办结 waiting for its evaluation, one reopened after a bad one. */
export function demoAppealPlans(demo: Applicant, files: FileRef[]): AppealPlan[] {
  const seed = (title: string) => APPEALS.find((a) => a.title === title)!;
  const plans: AppealPlan[] = [
    { who: demo, seed: seed('咨询高新技术企业认定奖励政策'), status: 'evaluated', isPublic: true, daysAgo: 40, level: 1 },
    { who: demo, seed: seed('希望对接银行开展知识产权质押融资'), status: 'resolved', isPublic: false, daysAgo: 12, attachments: files },
    { who: demo, seed: seed('反映卡口通行高峰期排队时间过长'), status: 'resolved', isPublic: true, daysAgo: 9 },
    { who: demo, seed: seed('招聘一线操作工困难，请求协助'), status: 'processing', isPublic: true, daysAgo: 3 },
    { who: demo, seed: seed('申请协调保税仓库扩容用地'), status: 'processing', isPublic: false, daysAgo: 25, level: 4 },
    { who: demo, seed: seed('加工贸易手册核销流程咨询'), status: 'pending', isPublic: true, daysAgo: 0 },
    { who: demo, seed: seed('研发楼租金补贴申请进度查询'), status: 'pending', isPublic: false, daysAgo: 4 },
    { who: demo, seed: seed('建议增设区内公交接驳线路'), status: 'rejected', isPublic: false, daysAgo: 30 },
    { who: demo, seed: seed('出口退税办理时间较长'), status: 'withdrawn', isPublic: false, daysAgo: 18 },
  ];
  return plans.map((p) => ({ ...p, messages: true }));
}
