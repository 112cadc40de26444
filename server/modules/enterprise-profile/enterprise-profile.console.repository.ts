import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { offsetOf } from '#server/platform/http/paging.ts';
import type { Paging } from '#contract/paging.ts';

/**
 * 一企一档 of one enterprise (docs/matching.md "The pages"): its records in the other domains'
 * tables, read only, newest first, a page at a time, each through the index on its
 * enterprise_id.
 */

/** A page of `page`'s rows and the count of `base`'s (the same filters without the joins). */
async function paged<R>(page: { limit(n: number): { offset(n: number): { execute(): Promise<R[]> } } }, base: SelectQueryBuilder<Database, any, object>, p: Paging) {
  const [records, row] = await Promise.all([
    page.limit(p.pageSize).offset(offsetOf(p)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(row.total) };
}

export async function findEnterprise(db: Db, id: number) {
  return db
    .selectFrom('enterprise')
    .select(['id', 'name', 'uscc', 'legalPerson', 'contactName', 'contactPhone', 'address', 'createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function appealsOf(db: Db, enterpriseId: number, p: Paging) {
  const base = db.selectFrom('appeal').where('enterpriseId', '=', enterpriseId);
  return paged(base.select(['id', 'title', 'status', 'createdAt', 'repliedAt', 'departmentId']).orderBy('createdAt', 'desc').orderBy('id', 'desc'), base, p);
}

/** Declarations sent at least once (a draft is the enterprise's own). */
export function declarationsOf(db: Db, enterpriseId: number, p: Paging) {
  const base = db.selectFrom('declareEnt as d').where('d.enterpriseId', '=', enterpriseId).where('d.status', '<>', 'draft');
  return paged(
    base
      .innerJoin('declareProject as p', 'p.id', 'd.projectId')
      .select(['d.id', 'p.name as projectName', 'd.status', 'd.submittedAt', 'd.reviewedAt', 'd.amountApproved', 'd.updatedAt'])
      .orderBy('d.updatedAt', 'desc')
      .orderBy('d.id', 'desc'),
    base,
    p,
  );
}

export function freeDeclaresOf(db: Db, enterpriseId: number, p: Paging) {
  const base = db.selectFrom('freeDeclareEnt as r').where('r.enterpriseId', '=', enterpriseId);
  return paged(
    base
      .innerJoin('freeProject as f', 'f.id', 'r.freeProjectId')
      .select(['r.id', 'r.freeProjectId', 'f.name as projectName', 'r.amount', 'r.status', 'r.createdAt', 'r.paidAt'])
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.id', 'desc'),
    base,
    p,
  );
}

export function messagesOf(db: Db, enterpriseId: number, p: Paging) {
  const base = db.selectFrom('message').where('enterpriseId', '=', enterpriseId);
  return paged(base.select(['id', 'title', 'createdAt', 'readAt']).orderBy('id', 'desc'), base, p);
}

/** What the push told the enterprise about projects of these kinds, with the SMS that went with it. */
export function pushesOf(db: Db, enterpriseId: number, kinds: readonly string[], p: Paging) {
  const base = db.selectFrom('matchPush as m').where('m.enterpriseId', '=', enterpriseId).where('m.kind', 'in', kinds);
  return paged(
    base
      .leftJoin('declareProject as d', (j) => j.onRef('d.id', '=', 'm.projectId').on('m.kind', '=', 'declare-project'))
      .leftJoin('freeProject as f', (j) => j.onRef('f.id', '=', 'm.projectId').on('m.kind', '=', 'free-project'))
      .leftJoin('smsDelivery as s', 's.id', 'm.smsId')
      .select((eb) => ['m.kind', 'm.projectId', eb.fn.coalesce('d.name', 'f.name').as('projectName'), 'm.verdict', 'm.toldAt', 's.status as sms'])
      .orderBy('m.toldAt', 'desc')
      .orderBy('m.id', 'desc'),
    base,
    p,
  );
}

/** 画像变更 of the enterprise, newest first, with the account that saved a value or the import (its file and the staff member who committed it) that verified it. */
export function changesOf(db: Db, enterpriseId: number, p: Paging) {
  const base = db.selectFrom('enterpriseAttributeChange as c').where('c.enterpriseId', '=', enterpriseId);
  return paged(
    base
      .leftJoin('userAccount as u', 'u.id', 'c.userId')
      .leftJoin('enterpriseProfileImport as i', 'i.id', 'c.importId')
      .leftJoin('staffAccount as s', 's.id', 'i.staffId')
      .select(['c.id', 'c.attr', 'c.source', 'c.department', 'c.valueBefore', 'c.valueAfter', 'c.changedAt', 'u.nickName as userName', 'i.fileName', 's.name as staffName'])
      .orderBy('c.id', 'desc'),
    base,
    p,
  );
}
