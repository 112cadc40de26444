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
