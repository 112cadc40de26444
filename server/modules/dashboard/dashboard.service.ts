import { WORK_ORDER_QUEUES, type WorkOrderQuery, type WorkOrderQueue } from '#contract/appeal-work-order.ts';
import { DASHBOARD_COUNT_CAP, type Dashboard, type DashboardGroup, type DashboardItem } from '#contract/dashboard.ts';
import type { Permission } from '#contract/permissions.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { FollowUpService } from '../appeal/follow-up.service.ts';
import type { WorkOrderService } from '../appeal/work-order.service.ts';

/** What the dashboard asks of the domains whose queues it counts. */
export interface DashboardSources {
  workOrder: Pick<WorkOrderService, 'count'>;
  followUps: Pick<FollowUpService, 'openCounts'>;
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
 * 工作台 (console.md "Dashboard"): the person's own work, each figure a count of a queue they may
 * open, linking to it. Which figures a person gets is decided here from their permissions; the
 * domains count within the person's row scope, by the same filters as their lists, on indexed
 * columns only (migration 0013), so the page stays cheap with 100,000 appeals.
 */
export function createDashboardService({ workOrder, followUps }: DashboardSources) {
  return {
    async workload(staff: StaffActor): Promise<Dashboard> {
      const orders = workOrderFigures(staff);
      const [orderCounts, open] = await Promise.all([
        orders.length
          ? workOrder.count(
              staff,
              orders.map((o) => o.filter),
              DASHBOARD_COUNT_CAP + 1,
            )
          : [],
        has(staff, 'evaluation:follow-up') ? followUps.openCounts(staff) : null,
      ]);
      const groups: DashboardGroup[] = [];
      if (orders.length) {
        groups.push({ title: '诉求工单', items: orders.map(({ filter: _, ...o }, i) => ({ ...o, count: orderCounts[i] })) });
      }
      if (open) {
        groups.push({
          title: '差评整改',
          items: [
            { key: 'followUp.open', label: '差评待整改', count: Math.min(open.open, DASHBOARD_COUNT_CAP + 1), link: '/console/evaluation', tone: 'normal' },
            { key: 'followUp.overdue', label: '整改超期', count: Math.min(open.overdue, DASHBOARD_COUNT_CAP + 1), link: '/console/evaluation', tone: 'danger' },
          ],
        });
      }
      return { groups };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
