import type { AppLoadContext } from 'react-router';
import { APPEAL_STATUS, APPEAL_STATUSES } from '#contract/appeal.ts';
import { DECLARE_STATUS, DECLARE_STATUSES } from '#contract/declare-ent.ts';
import { FREE_DECLARE_STATUS, FREE_DECLARE_STATUSES } from '#contract/free-declare.ts';
import { buildTodos, type StatusCount } from './overview.ts';
import type { SignedInUser } from '../../lib/require-user.server.ts';

const TODO_LIMIT = 100;

async function counts<S extends string>(statuses: readonly S[], labels: Record<S, string>, total: (status: S) => Promise<number>): Promise<StatusCount[]> {
  return Promise.all(statuses.map(async (status) => ({ status, text: labels[status], count: await total(status) })));
}

/** The /user overview: counts by status of the three kinds of record, and what waits for the enterprise. */
export async function loadOverview(services: AppLoadContext['services'], user: SignedInUser) {
  const one = { currentPage: 1, pageSize: 1 };
  const many = { currentPage: 1, pageSize: TODO_LIMIT };
  const [appeals, declarations, freeRows, resolved, returned, toConfirm] = await Promise.all([
    counts(APPEAL_STATUSES, APPEAL_STATUS, async (status) => (await services.appeal.listOwn(user, { ...one, status, keyword: undefined })).total),
    counts(DECLARE_STATUSES, DECLARE_STATUS, async (status) => (await services.declareEnt.list(user, { ...one, status })).total),
    counts(FREE_DECLARE_STATUSES, FREE_DECLARE_STATUS, async (status) => (await services.freeDeclareEnt.list(user, { ...one, status })).total),
    services.appeal.listOwn(user, { ...many, status: 'resolved', keyword: undefined }),
    services.declareEnt.list(user, { ...many, status: 'returned' }),
    services.freeDeclareEnt.list(user, { ...many, status: 'pending_confirm' }),
  ]);
  return {
    counts: { appeals, declarations, freeRows },
    todos: buildTodos({ freeRows: toConfirm.records, declarations: returned.records, appeals: resolved.records }),
  };
}
