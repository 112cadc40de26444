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

/** Who was told about a project and when, for the console. */
export async function pushesOf(db: Db, kind: string, projectId: number) {
  return db
    .selectFrom('matchPush as p')
    .innerJoin('enterprise as e', 'e.id', 'p.enterpriseId')
    .select(['e.name', 'e.uscc', 'p.verdict', 'p.toldAt'])
    .where('p.kind', '=', kind)
    .where('p.projectId', '=', projectId)
    .orderBy('p.toldAt', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** The latest change of any profile: a push run with nothing new since the last one has nothing to do. */
export async function lastProfileChange(db: Db): Promise<string | null> {
  const row = await db.selectFrom('enterpriseAttribute').select((e) => e.fn.max('updatedAt').as('at')).executeTakeFirst();
  return (row?.at as string | null) ?? null;
}
