import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

export interface RuledProjectRow {
  id: number;
  name: string;
  rules: string;
}

/** Published declaration projects with rules whose window has not closed (open, or about to open), newest window first. */
export async function openDeclareProjects(db: Db, now: string): Promise<RuledProjectRow[]> {
  return db
    .selectFrom('declareProject')
    .select(['id', 'name', 'rules'])
    .where('enabled', '=', 1)
    .where('applyEnd', '>=', now)
    .where('rules', 'is not', null)
    .orderBy('applyEnd')
    .orderBy('id')
    .$narrowType<{ rules: string }>()
    .execute();
}

/** Published 免申即享 projects with rules, newest first. */
export async function openFreeProjects(db: Db): Promise<RuledProjectRow[]> {
  return db
    .selectFrom('freeProject')
    .select(['id', 'name', 'rules'])
    .where('status', '=', 'published')
    .where('rules', 'is not', null)
    .orderBy('publishAt', 'desc')
    .orderBy('id', 'desc')
    .$narrowType<{ rules: string }>()
    .execute();
}

export async function declareProjectRules(db: Db, id: number) {
  return db.selectFrom('declareProject').select(['id', 'name', 'rules', 'enabled']).where('id', '=', id).executeTakeFirst();
}

export async function freeProjectRules(db: Db, id: number) {
  return db.selectFrom('freeProject').select(['id', 'name', 'rules', 'status']).where('id', '=', id).executeTakeFirst();
}

export async function allEnterpriseIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('enterprise').select('id').orderBy('id').execute()).map((r) => r.id);
}

// ---- 政策推送 ----------------------------------------------------------------------------------------

/** What each enterprise was told about one project: enterprise id → verdict. */
export async function toldAbout(db: Db, kind: string, projectId: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('matchPush').select(['enterpriseId', 'verdict']).where('kind', '=', kind).where('projectId', '=', projectId).execute();
  return new Map(rows.map((r) => [r.enterpriseId, r.verdict]));
}

/**
 * Claims the telling of these enterprises (first time: a new row; maybe → eligible: the row moves
 * on) inside the caller's transaction; returns the enterprises this call claimed. A claim another
 * run made first (or a run before a restart) is not returned, so nobody is told twice.
 */
export async function claim(db: Db, kind: string, projectId: number, verdict: 'eligible' | 'maybe', enterpriseIds: number[], now: string): Promise<number[]> {
  if (!enterpriseIds.length) return [];
  const inserted = await db
    .insertInto('matchPush')
    .values(enterpriseIds.map((enterpriseId) => ({ kind, projectId, enterpriseId, verdict, toldAt: now })))
    .onConflict((oc) => oc.columns(['kind', 'projectId', 'enterpriseId']).doNothing())
    .returning('enterpriseId')
    .execute();
  const claimed = inserted.map((r) => r.enterpriseId);
  if (verdict === 'eligible') {
    const fresh = new Set(claimed);
    const moved = await db
      .updateTable('matchPush')
      .set({ verdict, toldAt: now })
      .where('kind', '=', kind)
      .where('projectId', '=', projectId)
      .where('verdict', '=', 'maybe')
      .where('enterpriseId', 'in', enterpriseIds.filter((id) => !fresh.has(id)).concat([-1]))
      .returning('enterpriseId')
      .execute();
    claimed.push(...moved.map((r) => r.enterpriseId));
  }
  return claimed;
}

/** What these enterprises were told about any project: `kind:projectId:enterpriseId` → verdict. */
export async function toldOf(db: Db, enterpriseIds: readonly number[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < enterpriseIds.length; i += 500) {
    const rows = await db
      .selectFrom('matchPush')
      .select(['kind', 'projectId', 'enterpriseId', 'verdict'])
      .where('enterpriseId', 'in', enterpriseIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(`${r.kind}:${r.projectId}:${r.enterpriseId}`, r.verdict);
  }
  return out;
}

/**
 * Notes on each claim the SMS its message went with (the console says who got one), inside the
 * claim's transaction: one statement for the batch, not one per SMS, since on PostgreSQL every
 * statement waits its turn on a busy event loop (a 10,000-enterprise publication took 7.7 s so).
 */
export async function noteSms(db: Db, kind: string, projectId: number, smsIds: readonly number[]): Promise<void> {
  if (!smsIds.length) return;
  await sql`update match_push as p set sms_id = s.id
    from sms_delivery as s join message as m on m.id = s.message_id
    where s.id in (${sql.join(smsIds)}) and p.kind = ${kind} and p.project_id = ${projectId} and p.enterprise_id = m.enterprise_id`.execute(db);
}

/** Who was told about a project and when, and what became of the SMS, for the console. */
export async function pushesOf(db: Db, kind: string, projectId: number) {
  return db
    .selectFrom('matchPush as p')
    .innerJoin('enterprise as e', 'e.id', 'p.enterpriseId')
    .leftJoin('smsDelivery as s', 's.id', 'p.smsId')
    .select(['e.name', 'e.uscc', 'p.verdict', 'p.toldAt', 's.status as smsStatus'])
    .where('p.kind', '=', kind)
    .where('p.projectId', '=', projectId)
    .orderBy('p.toldAt', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}
