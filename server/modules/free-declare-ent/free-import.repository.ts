import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { FreeDeclareImportTable, FreeDeclareTimelineTable } from './free-declare-ent.table.ts';

/** Rows per multi-row statement: well under both databases' limits on bound parameters. */
const CHUNK = 500;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function findProject(db: Db, id: number) {
  return db.selectFrom('freeProject').select(['id', 'name', 'amountMin', 'amountMax', 'status', 'rules']).where('id', '=', id).executeTakeFirst();
}

export async function enterprisesByUscc(db: Db, usccs: readonly string[]): Promise<{ id: number; name: string; uscc: string }[]> {
  const out: { id: number; name: string; uscc: string }[] = [];
  for (const part of chunks([...new Set(usccs)])) out.push(...(await db.selectFrom('enterprise').select(['id', 'name', 'uscc']).where('uscc', 'in', part).execute()));
  return out;
}

/** Which of these enterprises are already on the project's list. */
export async function listedOn(db: Db, projectId: number, enterpriseIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(enterpriseIds)) {
    const rows = await db.selectFrom('freeDeclareEnt').select('enterpriseId').where('freeProjectId', '=', projectId).where('enterpriseId', 'in', part).execute();
    for (const r of rows) out.add(r.enterpriseId);
  }
  return out;
}

export async function insertImport(db: Db, row: Insertable<FreeDeclareImportTable>): Promise<number> {
  const { id } = await db.insertInto('freeDeclareImport').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findImport(db: Db, id: number) {
  return db.selectFrom('freeDeclareImport').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Compare-and-set previewed → committed: false when another commit of the batch got there first. */
export async function claimImport(db: Db, id: number, at: string): Promise<boolean> {
  const res = await db.updateTable('freeDeclareImport').set({ status: 'committed', committedAt: at }).where('id', '=', id).where('status', '=', 'previewed').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function finishImport(db: Db, id: number, created: number, skipped: number): Promise<void> {
  // The checked rows are spent: keeping a copy of the list here would only double what free_declare_ent holds.
  await db.updateTable('freeDeclareImport').set({ created, skipped, rows: '[]' }).where('id', '=', id).execute();
}

/** Enterprises not registered yet, by USCC and name: their first login (registration under that USCC and name) joins them. */
export async function insertEnterprises(db: Db, list: readonly { uscc: string; name: string }[], at: string): Promise<void> {
  for (const part of chunks(list)) {
    await db
      .insertInto('enterprise')
      .values(part.map((e) => ({ uscc: e.uscc, name: e.name, createdAt: at, updatedAt: at })))
      .onConflict((oc) => oc.column('uscc').doNothing())
      .execute();
  }
}

export interface NewListRow {
  enterpriseId: number;
  amount: number;
  reasons: string;
}

/** Inserts the rows a project's list lacks (one per enterprise); answers the ones written. */
export async function insertRows(db: Db, projectId: number, importId: number, rows: readonly NewListRow[], at: string): Promise<{ id: number; enterpriseId: number }[]> {
  const out: { id: number; enterpriseId: number }[] = [];
  for (const part of chunks(rows)) {
    out.push(
      ...(await db
        .insertInto('freeDeclareEnt')
        .values(
          part.map((r) => ({
            freeProjectId: projectId,
            importId,
            enterpriseId: r.enterpriseId,
            amount: r.amount,
            reasons: r.reasons,
            status: 'pending_confirm',
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflict((oc) => oc.columns(['freeProjectId', 'enterpriseId']).doNothing())
        .returning(['id', 'enterpriseId'])
        .execute()),
    );
  }
  return out;
}

export async function insertTimeline(db: Db, entries: readonly Insertable<FreeDeclareTimelineTable>[]): Promise<void> {
  for (const part of chunks(entries)) await db.insertInto('freeDeclareTimeline').values(part).execute();
}

/** The mobile an SMS about an enterprise's row goes to: the given user's, else the enterprise's first account's. */
export async function enterprisePhones(db: Db, enterpriseIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunks([...new Set(enterpriseIds)])) {
    const rows = await db.selectFrom('userAccount').select(['enterpriseId', 'phone']).where('enterpriseId', 'in', part).orderBy('id').execute();
    for (const r of rows) if (r.enterpriseId !== null && !out.has(r.enterpriseId)) out.set(r.enterpriseId, r.phone);
  }
  return out;
}

/** Every enterprise on file, for a list generated from a project's rules. */
export async function allEnterprises(db: Db): Promise<{ id: number; name: string; uscc: string }[]> {
  return db.selectFrom('enterprise').select(['id', 'name', 'uscc']).orderBy('id').execute();
}
