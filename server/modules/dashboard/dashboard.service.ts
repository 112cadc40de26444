import { WORK_ORDER_QUEUES, type WorkOrderQuery, type WorkOrderQueue } from '#contract/appeal.console.ts';
import { DASHBOARD_COUNT_CAP, type Dashboard, type DashboardGroup, type DashboardItem, type WaitingCounts } from '#contract/dashboard.ts';
import type { Permission } from '#contract/permissions.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { FollowUpService } from '../appeal/follow-up.service.ts';
import type { AppealConsoleService } from '../appeal/appeal.console.service.ts';
import type { DeclareEntConsoleService } from '../declare-ent/declare-ent.console.service.ts';
import type { FreeDeclareEntConsoleService } from '../free-declare-ent/free-declare-ent.console.service.ts';
import type { ProclamationConsoleService } from '../proclamation/proclamation.console.service.ts';

/** What the dashboard asks of the domains whose queues it counts. */
export interface DashboardSources {
  appealConsole: Pick<AppealConsoleService, 'count'>;
  followUps: Pick<FollowUpService, 'openCounts'>;
  declareEntConsole: Pick<DeclareEntConsoleService, 'waitingCounts'>;
  proclamationConsole: Pick<ProclamationConsoleService, 'objectionCounts' | 'windowOverCount'>;
  freeDeclareEntConsole: Pick<FreeDeclareEntConsoleService, 'correctionCounts'>;
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
    : [{ key: 'appeal.processing', label: '本部门办理中', link: '/console/appeal?status=processing', tone: 'normal', filter: { status: 'processing' } }];
  return [...own, queue('overdue', 'danger'), queue('dueSoon', 'warning')];
}

/**
 * 工作台 (docs/console.md "Dashboard"): the person's own work, each figure a count of a queue they may
 * open, linking to it. Which figures a person gets is decided here from their permissions; the
 * domains count within the person's row scope, by the same filters as their lists, on indexed
 * columns only (migration 0013), so the page stays cheap with 100,000 appeals.
 */
export function createDashboardService({ appealConsole, followUps, declareEntConsole, proclamationConsole, freeDeclareEntConsole }: DashboardSources) {
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
  ];

  return {
    async workload(staff: StaffActor): Promise<Dashboard> {
      const orders = workOrderFigures(staff);
      const mine = waitingQueues.filter((q) => has(staff, q.permission));
      const [orderCounts, open, waiting] = await Promise.all([
        orders.length
          ? appealConsole.count(
              staff,
              orders.map((o) => o.filter),
              DASHBOARD_COUNT_CAP + 1,
            )
          : [],
        has(staff, 'evaluation:follow-up') ? followUps.openCounts(staff) : null,
        Promise.all(mine.map(async (q) => ({ ...(await q.count()), extra: q.extra ? await q.extra.count() : 0 }))),
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
      return { groups };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
