import { describe, expect, it } from 'vitest';
import { formatDeadline } from '#contract/format.ts';
import type { OwnAppealItem } from '#contract/appeal.ts';
import type { DeclareListItem } from '#contract/declare-ent.ts';
import type { FreeDeclareEnt } from '#contract/free-declare.ts';
import { mergeRecords } from './my-records.ts';
import { buildTodos } from './overview.ts';

const free = (id: number, canConfirm: boolean, createdAt: string) =>
  ({ id, canConfirm, createdAt, amount: 12.5, project: { id: 1, name: `免申项目${id}` } }) as unknown as FreeDeclareEnt;
const declaration = (id: number, status: string, canEdit: boolean) =>
  ({
    id,
    status,
    canEdit,
    reviewNote: '请补充财务报表',
    reviewedAt: '2026-03-01T02:00:00Z',
    updatedAt: '2026-03-01T02:00:00Z',
    project: { id: 2, name: `申报项目${id}` },
  }) as unknown as DeclareListItem;
const appeal = (id: number, canEvaluate: boolean) =>
  ({ id, canEvaluate, title: `诉求${id}`, repliedAt: '2026-03-02T02:00:00Z', createdAt: '2026-02-20T02:00:00Z' }) as unknown as OwnAppealItem;

describe('buildTodos', () => {
  it('puts rows to confirm first, then returned declarations, then appeals to evaluate', () => {
    const todos = buildTodos({
      freeRows: [free(1, true, '2026-01-01T00:00:00Z'), free(2, false, '2026-01-02T00:00:00Z'), free(3, true, '2026-02-01T00:00:00Z')],
      declarations: [declaration(5, 'returned', true), declaration(6, 'submitted', false), declaration(7, 'returned', false)],
      appeals: [appeal(8, true), appeal(9, false)],
    });
    expect(todos.map((t) => t.key)).toEqual(['free-3', 'free-1', 'declare-5', 'appeal-8']);
    expect(todos[0]).toMatchObject({ action: '去确认', to: '/free-apply/components/apply-form?freeDeclareEntId=3', hint: '待确认，兑付金额 12.5万元' });
    expect(todos[2]).toMatchObject({ to: '/free-apply/components/apply-form?id=5', hint: '退回修改：请补充财务报表' });
    expect(todos[3]).toMatchObject({ to: '/user/appeal/8', action: '去评价' });
  });

  it('is empty when nothing waits for the enterprise', () => {
    expect(buildTodos({ freeRows: [free(2, false, 'x')], declarations: [declaration(6, 'submitted', false)], appeals: [appeal(9, false)] })).toEqual([]);
  });
});

describe('mergeRecords', () => {
  it('lists declarations and 免申即享 rows together, latest change first, with the amount shown per kind', () => {
    const d = {
      id: 1,
      status: 'submitted',
      statusText: '待审核',
      amountApplied: 30,
      submittedAt: '2026-03-03T00:00:00Z',
      reviewedAt: null,
      updatedAt: '2026-03-01T00:00:00Z',
      project: { id: 4, name: '研发补贴' },
    } as unknown as DeclareListItem;
    const draft = { ...d, id: 2, status: 'draft', amountApplied: null, submittedAt: null, updatedAt: '2026-01-01T00:00:00Z' } as unknown as DeclareListItem;
    const f = {
      id: 3,
      status: 'pending_confirm',
      statusText: '待确认',
      amount: 0,
      createdAt: '2026-02-01T00:00:00Z',
      confirmedAt: null,
      paidAt: null,
      project: { id: 5, name: '稳岗奖励' },
    } as unknown as FreeDeclareEnt;
    const rows = mergeRecords([d, draft], [f]);
    expect(rows.map((r) => r.key)).toEqual(['declare-1', 'free-3', 'declare-2']);
    expect(rows[0]).toMatchObject({ amountText: '申请 30万元', projectHref: '/free-apply/declare-project/detail?id=4' });
    expect(rows[1]).toMatchObject({ amountText: '根据实际情况给予资金扶持', projectHref: '/free-apply/free-project/detail?id=5' });
    expect(rows[2].amountText).toBe('-');
  });
});

describe('formatDeadline', () => {
  it('shows a midnight deadline as 23:59 of its last day, never 24:00, other times as they are', () => {
    expect(formatDeadline('2026-11-11T16:00:00.000Z')).toBe('2026-11-11 23:59');
    expect(formatDeadline('2026-11-11T07:30:00.000Z')).toBe('2026-11-11 15:30');
    expect(formatDeadline(null)).toBe('-');
  });
});
