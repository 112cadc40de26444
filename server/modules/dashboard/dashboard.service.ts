import { APPEAL_SIGN_WORKING_DAYS, WORK_ORDER_QUEUES, type WorkOrderQuery, type WorkOrderQueue } from '#contract/appeal.console.ts';
import { formatDate } from '#contract/format.ts';
import { CONTENT_KINDS, type ContentKind } from '#contract/publishing.ts';
import { DASHBOARD_COUNT_CAP, type Dashboard, type DashboardGroup, type DashboardItem, type WaitingCounts } from '#contract/dashboard.ts';
import type { Permission } from '#contract/permissions.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FollowUpService } from '../appeal/follow-up.service.ts';
import type { AppealConsoleService } from '../appeal/appeal.console.service.ts';
import type { CorrectionService } from '../correction/correction.service.ts';
import type { DeclareEntConsoleService } from '../declare-ent/declare-ent.console.service.ts';
import type { FreeDeclareEntConsoleService } from '../free-declare-ent/free-declare-ent.console.service.ts';
import type { ProclamationConsoleService } from '../proclamation/proclamation.console.service.ts';
import type { PublishingService } from '../publishing/publishing.service.ts';

/** What the dashboard asks of the domains whose queues it counts. */
export interface DashboardSources {
  appealConsole: Pick<AppealConsoleService, 'count'>;
  followUps: Pick<FollowUpService, 'openCounts'>;
  declareEntConsole: Pick<DeclareEntConsoleService, 'waitingCounts'>;
  proclamationConsole: Pick<ProclamationConsoleService, 'objectionCounts' | 'windowOverCount'>;
  freeDeclareEntConsole: Pick<FreeDeclareEntConsoleService, 'correctionCounts' | 'payable'>;
  publishing: Record<ContentKind, Pick<PublishingService['notice'], 'list'>>;
  audit: Pick<AuditService, 'list'>;
  correction: Pick<CorrectionService, 'waitingCounts'>;
}

const CAPPED = DASHBOARD_COUNT_CAP + 1;

/** A queue that waits on the person, with the part of it past its deadline. */
interface WaitingQueue {
  permission: Permission;
  title: string;
  count: () => Promise<WaitingCounts>;
  waiting: Omit<DashboardItem, 'count' | 'tone'>;
  overdue: Omit<DashboardItem, 'count' | 'tone'>;
  /** A figure of the same area that is neither (公示: 期满待结束), shown first. */
  extra?: { item: Omit<DashboardItem, 'count'>; count: () => Promise<number> };
}

const has = (staff: StaffActor, permission: Permission) => staff.permissions.includes(permission);

interface Counted {
  key: string;
  label: string;
  link: string;
  tone: DashboardItem['tone'];
  note?: string;
  filter: Partial<WorkOrderQuery>;
}

const queue = (key: WorkOrderQueue, tone: DashboardItem['tone'] = 'normal'): Counted => ({
  key: `appeal.${key}`,
  label: WORK_ORDER_QUEUES[key].label,
  link: `/console/appeal?queue=${key}`,
  tone,
  filter: WORK_ORDER_QUEUES[key].filter,
});

/** The work-order figures of a person: a dispatcher's over every work order, a handler's over their department's. */
function workOrderFigures(staff: StaffActor): Counted[] {
  const dispatches = has(staff, 'appeal:dispatch');
  if (!dispatches && !has(staff, 'appeal:handle')) return [];
  const own: Counted[] = dispatches
    ? [queue('pending'), queue('extension')]
    : [
        { ...queue('unsigned'), note: `转办后 ${APPEAL_SIGN_WORKING_DAYS} 个工作日内签收` },
        { key: 'appeal.processing', label: '本部门办理中', link: '/console/appeal?status=processing', tone: 'normal', filter: { status: 'processing' } },
      ];
  return [...own, queue('overdue', 'danger'), queue('dueSoon', 'warning')];
}

/**
 * 工作台 (docs/console.md "Dashboard"): the person's own work, each figure a count of a queue they may
 * open, linking to it. Which figures a person gets is decided here from their permissions; the
 * domains count within the person's row scope, by the same filters as their lists, on indexed
 * columns only (migration 0013), so the page stays cheap with 100,000 appeals.
 */
export function createDashboardService({ appealConsole, followUps, declareEntConsole, proclamationConsole, freeDeclareEntConsole, publishing, audit, correction }: DashboardSources) {
  const KINDS = Object.keys(CONTENT_KINDS) as ContentKind[];
  const contentCount = async (kind: ContentKind, filter: { status?: 'pending_review'; returned?: boolean }) =>
    Math.min((await publishing[kind].list({ currentPage: 1, pageSize: 1, keyword: undefined, status: filter.status, returned: filter.returned })).total, CAPPED);
  const auditCount = async (filter: { action?: string; result?: 'denied' }, day: string) =>
    Math.min(
      (await audit.list({ currentPage: 1, pageSize: 1, dateFrom: day, dateTo: day, loginName: undefined, objectType: undefined, objectId: undefined, action: filter.action, result: filter.result })).total,
      CAPPED,
    );

  /** One count each: what waits for a publisher and what came back to an editor, 待兑付 with its sum, the auditor's day. */
  async function singleFigures(staff: StaffActor): Promise<DashboardGroup[]> {
    const groups: Promise<DashboardGroup>[] = [];
    const reviews = KINDS.filter((k) => has(staff, `content:${k}:publish`));
    if (reviews.length) {
      groups.push(
        Promise.all(reviews.map((k) => contentCount(k, { status: 'pending_review' }))).then((counts) => ({
          title: '内容审核',
          items: reviews.map((k, i) => ({ key: `content.${k}.pending`, label: `${CONTENT_KINDS[k].label}待审核`, link: `${CONTENT_KINDS[k].path}?status=pending_review`, tone: 'normal' as const, count: counts[i] })),
        })),
      );
    }
    const edits = KINDS.filter((k) => has(staff, `content:${k}:edit`));
    if (edits.length) {
      groups.push(
        Promise.all(edits.map((k) => contentCount(k, { returned: true }))).then((counts) => ({
          title: '内容编辑',
          items: edits.map((k, i) => ({ key: `content.${k}.returned`, label: `${CONTENT_KINDS[k].label}被退回`, link: `${CONTENT_KINDS[k].path}?returned=true`, tone: 'warning' as const, count: counts[i] })),
        })),
      );
    }
    if (has(staff, 'free-declare:pay')) {
      groups.push(
        freeDeclareEntConsole.payable().then(({ count, amountWan }) => ({
          title: '免申即享兑付',
          items: [{ key: 'free.payable', label: '待兑付', link: '/console/free-declare/rows?status=confirmed', tone: 'normal' as const, count: Math.min(count, CAPPED), note: `合计 ${amountWan} 万元` }],
        })),
      );
    }
    if (has(staff, 'audit:log:view')) {
      const today = formatDate(new Date());
      const range = `dateFrom=${today}&dateTo=${today}`;
      groups.push(
        Promise.all([auditCount({ action: 'staff.login_failed' }, today), auditCount({ result: 'denied' }, today)]).then(([failed, denied]) => ({
          title: '安全审计',
          items: [
            { key: 'audit.loginFailed', label: '今日登录失败', link: `/console/audit?action=staff.login_failed&${range}`, tone: 'warning' as const, count: failed },
            { key: 'audit.denied', label: '今日越权访问', link: `/console/audit?result=denied&${range}`, tone: 'danger' as const, count: denied },
          ],
        })),
      );
    }
    return Promise.all(groups);
  }

  const waitingQueues: WaitingQueue[] = [
    {
      permission: 'declare:review',
      title: '申报审核',
      count: () => declareEntConsole.waitingCounts(CAPPED),
      waiting: { key: 'declare.submitted', label: '申报待审核', link: '/console/declare' },
      overdue: { key: 'declare.overdue', label: '审核超期', link: '/console/declare?queue=overdue' },
    },
    {
      permission: 'declare:proclamation:edit',
      title: '公示异议',
      count: () => proclamationConsole.objectionCounts(CAPPED),
      waiting: { key: 'objection.received', label: '异议待答复', link: '/console/proclamation?tab=objections' },
      overdue: { key: 'objection.overdue', label: '答复超期', link: '/console/proclamation?tab=objections' },
      extra: {
        item: { key: 'proclamation.windowOver', label: '期满待结束的公示', link: '/console/proclamation?windowOver=true', tone: 'warning' },
        count: () => proclamationConsole.windowOverCount(CAPPED),
      },
    },
    {
      permission: 'free-declare:manage',
      title: '免申即享',
      count: () => freeDeclareEntConsole.correctionCounts(CAPPED),
      waiting: { key: 'correction.received', label: '信息有误待答复', link: '/console/free-declare/corrections?status=received' },
      overdue: { key: 'correction.overdue', label: '答复超期', link: '/console/free-declare/corrections?overdue=true' },
    },
    {
      permission: 'content:correction:handle',
      title: '网站纠错',
      count: () => correction.waitingCounts(CAPPED),
      // The list puts the waiting reports first, the oldest deadline first: the overdue ones lead it.
      waiting: { key: 'siteCorrection.received', label: '纠错待答复', link: '/console/correction?status=received' },
      overdue: { key: 'siteCorrection.overdue', label: '答复超期', link: '/console/correction?status=received' },
    },
  ];

  return {
    async workload(staff: StaffActor): Promise<Dashboard> {
      const orders = workOrderFigures(staff);
      const mine = waitingQueues.filter((q) => has(staff, q.permission));
      const [orderCounts, open, waiting, singles] = await Promise.all([
        orders.length
          ? appealConsole.count(
              staff,
              orders.map((o) => o.filter),
              DASHBOARD_COUNT_CAP + 1,
            )
          : [],
        has(staff, 'evaluation:follow-up') ? followUps.openCounts(staff) : null,
        Promise.all(mine.map(async (q) => ({ ...(await q.count()), extra: q.extra ? await q.extra.count() : 0 }))),
        singleFigures(staff),
      ]);
      const groups: DashboardGroup[] = [];
      if (orders.length) {
        groups.push({ title: '诉求工单', items: orders.map(({ filter: _, ...o }, i) => ({ ...o, count: orderCounts[i] })) });
      }
      if (open) {
        groups.push({
          title: '差评整改',
          items: [
            { key: 'followUp.open', label: '差评待整改', count: Math.min(open.open, CAPPED), link: '/console/evaluation', tone: 'normal' },
            { key: 'followUp.overdue', label: '整改超期', count: Math.min(open.overdue, CAPPED), link: '/console/evaluation?tab=overdue', tone: 'danger' },
          ],
        });
      }
      for (const [i, q] of mine.entries()) {
        groups.push({
          title: q.title,
          items: [
            ...(q.extra ? [{ ...q.extra.item, count: waiting[i].extra }] : []),
            { ...q.waiting, count: waiting[i].waiting, tone: 'normal' },
            { ...q.overdue, count: waiting[i].overdue, tone: 'danger' },
          ],
        });
      }
      groups.push(...singles);
      return { groups };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
