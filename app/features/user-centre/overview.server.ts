import type { AppLoadContext } from 'react-router';
import { APPEAL_STATUS } from '#contract/appeal.ts';
import { DECLARE_STATUS } from '#contract/declare-ent.ts';
import { FREE_DECLARE_STATUS } from '#contract/free-declare.ts';
import { buildTodos, type StatusCount } from './overview.ts';
import type { SignedInUser } from '../../lib/require-user.server.ts';

const TODO_LIMIT = 100;

/** A count for every status, in the contract's order, with its text. */
function withText<S extends string>(labels: Record<S, string>, counts: Record<S, number>): StatusCount[] {
  return (Object.keys(labels) as S[]).map((status) => ({ status, text: labels[status], count: counts[status] }));
}

/** The /user overview: counts by status of the three kinds of record, and what waits for the enterprise. */
export async function loadOverview(services: AppLoadContext['services'], user: SignedInUser) {
  const many = { currentPage: 1, pageSize: TODO_LIMIT };
  const [appeals, declarations, freeRows, resolved, returned, toConfirm] = await Promise.all([
    services.appeal.countByStatus(user),
    services.declareEnt.countByStatus(user),
    services.freeDeclareEnt.countByStatus(user),
    services.appeal.listOwn(user, { ...many, status: 'resolved', keyword: undefined }),
    services.declareEnt.list(user, { ...many, status: 'returned' }),
    services.freeDeclareEnt.list(user, { ...many, status: 'pending_confirm' }),
  ]);
  return {
    counts: { appeals: withText(APPEAL_STATUS, appeals), declarations: withText(DECLARE_STATUS, declarations), freeRows: withText(FREE_DECLARE_STATUS, freeRows) },
    todos: buildTodos({ freeRows: toConfirm.records, declarations: returned.records, appeals: resolved.records }),
  };
}
