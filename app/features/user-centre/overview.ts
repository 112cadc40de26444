import type { OwnAppealItem } from '#contract/appeal.ts';
import type { DeclareListItem } from '#contract/declare-ent.ts';
import { formatAmount } from '#contract/format.ts';
import type { FreeDeclareEnt } from '#contract/free-declare.ts';

/** One line of "需要您处理": what it is, why it waits for the enterprise, and where to act. */
export interface TodoItem {
  key: string;
  kind: string;
  title: string;
  hint: string;
  action: string;
  to: string;
  at: string;
}

export interface StatusCount {
  status: string;
  text: string;
  count: number;
}

/**
 * What waits for the enterprise, most pressing kind first: 免申即享 rows to confirm (money waits),
 * declarations returned for changes (the window may close), resolved appeals to evaluate.
 */
export function buildTodos(input: {
  freeRows: readonly FreeDeclareEnt[];
  declarations: readonly DeclareListItem[];
  appeals: readonly OwnAppealItem[];
}): TodoItem[] {
  const free = input.freeRows
    .filter((r) => r.canConfirm)
    .map((r) => ({
      key: `free-${r.id}`,
      kind: '免申即享',
      title: r.project.name,
      hint: `待确认，兑付金额 ${formatAmount(r.amount)}`,
      action: '去确认',
      to: `/free-apply/components/apply-form?freeDeclareEntId=${r.id}`,
      at: r.createdAt,
    }));
  const returned = input.declarations
    .filter((d) => d.status === 'returned' && d.canEdit)
    .map((d) => ({
      key: `declare-${d.id}`,
      kind: '项目申报',
      title: d.project.name,
      hint: d.reviewNote ? `退回修改：${d.reviewNote}` : '退回修改',
      action: '去修改',
      to: `/free-apply/components/apply-form?id=${d.id}`,
      at: d.reviewedAt ?? d.updatedAt,
    }));
  const appeals = input.appeals
    .filter((a) => a.canEvaluate)
    .map((a) => ({
      key: `appeal-${a.id}`,
      kind: '企业诉求',
      title: a.title,
      hint: '已办结，请评价办理结果',
      action: '去评价',
      to: `/user/appeal/${a.id}`,
      at: a.repliedAt ?? a.createdAt,
    }));
  const newestFirst = (a: TodoItem, b: TodoItem) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);
  return [...free.sort(newestFirst), ...returned.sort(newestFirst), ...appeals.sort(newestFirst)];
}
