import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DeclarePageQuery, DeclareStatus } from '#contract/declare-ent.ts';
import { transition as casTransition, type Step } from '#server/db/compare-and-set.ts';
import type { Db } from '#server/db/database.ts';
import { offsetOf } from '#server/platform/http/paging.ts';
import type { DeclareEntTable, DeclareEntTimelineTable } from './declare-ent.table.ts';

export type NewTimeline = Omit<Insertable<DeclareEntTimelineTable>, 'declareEntId'>;
export type TimelineRow = Selectable<DeclareEntTimelineTable>;

function withProject(db: Db) {
  return db
    .selectFrom('declareEnt as d')
    .innerJoin('declareProject as p', 'p.id', 'd.projectId')
    .selectAll('d')
    .select(['p.name as projectName', 'p.applyStart as projectApplyStart', 'p.applyEnd as projectApplyEnd']);
}

/** The enterprise's declarations, last changed first. */
export async function listOwnDeclarations(db: Db, enterpriseId: number, q: DeclarePageQuery) {
  let page = withProject(db).where('d.enterpriseId', '=', enterpriseId);
  let count = db.selectFrom('declareEnt').where('enterpriseId', '=', enterpriseId);
  if (q.status) {
    page = page.where('d.status', '=', q.status);
    count = count.where('status', '=', q.status);
  }
  const [records, { total }] = await Promise.all([
    page.orderBy('d.updatedAt', 'desc').orderBy('d.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}
/** How many of the enterprise's declarations are in each status (one GROUP BY). */
export async function countOwnByStatus(db: Db, enterpriseId: number) {
  return db
    .selectFrom('declareEnt')
    .select(['status', (eb) => eb.fn.countAll<number>().as('total')])
    .where('enterpriseId', '=', enterpriseId)
    .groupBy('status')
    .execute();
}

export type DeclarationRow = Awaited<ReturnType<typeof listOwnDeclarations>>['records'][number];

export async function findDeclaration(db: Db, id: number): Promise<DeclarationRow | undefined> {
  return withProject(db).where('d.id', '=', id).executeTakeFirst();
}

/** The enterprise's live declaration for a project (any state but refused), if any. */
export async function findLiveDeclaration(db: Db, projectId: number, enterpriseId: number) {
  return db
    .selectFrom('declareEnt')
    .select(['id', 'status'])
    .where('projectId', '=', projectId)
    .where('enterpriseId', '=', enterpriseId)
    .where('status', '<>', 'refused')
    .executeTakeFirst();
}

/** A new declaration and its first timeline rows, together. */
export async function insertDeclaration(db: Db, row: Insertable<DeclareEntTable>, events: NewTimeline[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('declareEnt').values(row).returning('id').executeTakeFirstOrThrow();
    if (events.length) await trx.insertInto('declareEntTimeline').values(events.map((e) => ({ ...e, declareEntId: id }))).execute();
    return id;
  });
}

/** A step of a declaration: a compare-and-set on its status, with its timeline rows (db/compare-and-set.ts). */
export type DeclarationPatch = Updateable<DeclareEntTable>;
export const transition = <T = void>(db: Db, id: number, step: Step<DeclareStatus, DeclarationPatch, NewTimeline, T>) =>
  casTransition(db, { table: 'declareEnt', timeline: 'declareEntTimeline', key: 'declareEntId' }, id, step);

/** Every step of one declaration, oldest first. */
export async function listTimeline(db: Db, declareEntId: number): Promise<TimelineRow[]> {
  return db.selectFrom('declareEntTimeline').selectAll().where('declareEntId', '=', declareEntId).orderBy('at').orderBy('id').execute();
}

export async function findEnterpriseProfile(db: Db, id: number) {
  return db
    .selectFrom('enterprise')
    .select(['name', 'uscc', 'legalPerson', 'contactName', 'contactPhone', 'provinceCode', 'cityCode', 'countyCode', 'address'])
    .where('id', '=', id)
    .executeTakeFirst();
}
