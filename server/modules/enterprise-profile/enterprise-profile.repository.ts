import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { EnterpriseAttributeChangeTable, EnterpriseProfileImportTable } from './enterprise-profile.table.ts';

export interface AttributeRow {
  enterpriseId: number;
  attr: string;
  source: string;
  value: string;
  department: string | null;
  updatedAt: string;
}

const COLUMNS = ['enterpriseId', 'attr', 'source', 'value', 'department', 'updatedAt'] as const;

export async function listAttributes(db: Db, enterpriseId: number): Promise<AttributeRow[]> {
  return db.selectFrom('enterpriseAttribute').select(COLUMNS).where('enterpriseId', '=', enterpriseId).execute();
}

/** Every value of every enterprise (the 免申即享 list generated from rules). */
export async function listAllAttributes(db: Db): Promise<AttributeRow[]> {
  return db.selectFrom('enterpriseAttribute').select(COLUMNS).orderBy('enterpriseId').execute();
}

/** The values of the enterprises with ids in (after, upTo]: every enterprise's, read a slice at a time. */
export async function listAttributesBetween(db: Db, after: number, upTo: number): Promise<AttributeRow[]> {
  return db.selectFrom('enterpriseAttribute').select(COLUMNS).where('enterpriseId', '>', after).where('enterpriseId', '<=', upTo).orderBy('enterpriseId').execute();
}

/** The highest enterprise id with a profile value (0: none). */
export async function lastProfiledEnterprise(db: Db): Promise<number> {
  const row = await db.selectFrom('enterpriseAttribute').select((e) => e.fn.max('enterpriseId').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Writes the self-declared values of one enterprise (with the caller's transaction): a value
 * replaces the one stored, null removes it, an attribute not named stays as it is. Each value that
 * differs from the one stored is kept in 画像变更 with the account that saved it.
 */
export async function saveSelfValues(tx: Db, enterpriseId: number, values: Record<string, string | null>, userId: number): Promise<void> {
  const stamp = new Date().toISOString();
  const held = await tx.selectFrom('enterpriseAttribute').select(['attr', 'value']).where('enterpriseId', '=', enterpriseId).where('source', '=', 'self').execute();
  const before = new Map(held.map((r) => [r.attr, r.value]));
  const changes: Insertable<EnterpriseAttributeChangeTable>[] = [];
  for (const [attr, value] of Object.entries(values)) {
    const was = before.get(attr) ?? null;
    if (was !== value) changes.push({ enterpriseId, attr, source: 'self', department: null, valueBefore: was, valueAfter: value, userId, importId: null, changedAt: stamp });
    if (value === null) {
      await tx.deleteFrom('enterpriseAttribute').where('enterpriseId', '=', enterpriseId).where('attr', '=', attr).where('source', '=', 'self').execute();
      continue;
    }
    await tx
      .insertInto('enterpriseAttribute')
      .values({ enterpriseId, attr, source: 'self', value, department: null, updatedAt: stamp })
      .onConflict((oc) => oc.columns(['enterpriseId', 'attr', 'source']).doUpdateSet({ value, updatedAt: stamp }))
      .execute();
  }
  if (changes.length) await tx.insertInto('enterpriseAttributeChange').values(changes).execute();
}

export interface VerifiedValue {
  enterpriseId: number;
  attr: string;
  /** JSON, as stored. */
  value: string;
  department: string;
}

/**
 * Verified values from departments' data (the staff import): each replaces the verified one stored.
 * Each that differs from it, in value or department, is kept in 画像变更 with the import that wrote
 * it (null: the demo data and the tests).
 */
export async function saveVerifiedValues(db: Db, list: readonly VerifiedValue[], stamp = new Date().toISOString(), importId: number | null = null): Promise<void> {
  // Rows per statement: well under both databases' limits on bound parameters.
  for (let i = 0; i < list.length; i += 500) {
    const part = list.slice(i, i + 500);
    const held = await db
      .selectFrom('enterpriseAttribute')
      .select(['enterpriseId', 'attr', 'value', 'department'])
      .where('source', '=', 'verified')
      .where('enterpriseId', 'in', [...new Set(part.map((v) => v.enterpriseId))])
      .execute();
    const before = new Map(held.map((r) => [`${r.enterpriseId}:${r.attr}`, r]));
    const changes: Insertable<EnterpriseAttributeChangeTable>[] = [];
    for (const v of part) {
      const was = before.get(`${v.enterpriseId}:${v.attr}`);
      if (was?.value === v.value && was.department === v.department) continue;
      changes.push({ enterpriseId: v.enterpriseId, attr: v.attr, source: 'verified', department: v.department, valueBefore: was?.value ?? null, valueAfter: v.value, userId: null, importId, changedAt: stamp });
    }
    await db
      .insertInto('enterpriseAttribute')
      .values(part.map((v) => ({ ...v, source: 'verified', updatedAt: stamp })))
      .onConflict((oc) =>
        oc.columns(['enterpriseId', 'attr', 'source']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), department: eb.ref('excluded.department'), updatedAt: eb.ref('excluded.updatedAt') })),
      )
      .execute();
    if (changes.length) await db.insertInto('enterpriseAttributeChange').values(changes).execute();
  }
}

/** One verified value (the demo data and the tests). */
export const saveVerifiedValue = (db: Db, enterpriseId: number, attr: string, value: string, department: string) => saveVerifiedValues(db, [{ enterpriseId, attr, value, department }]);

/**
 * The profile changes made after `since`, from 画像变更 through its index on changed_at: a cleared
 * value leaves a row there, none in enterprise_attribute.
 */
export const profileChangesSinceQuery = (db: Db, since: string) =>
  db.selectFrom('enterpriseAttributeChange').select(['enterpriseId', 'changedAt']).where('changedAt', '>', since);

/**
 * Enterprises whose profile changed after `since`, each with its latest stamp (the push and the
 * kept values look at them again). Grouped here, not in SQL: given a GROUP BY, SQLite walks the
 * whole table in enterprise order instead of the few recent rows that the index finds.
 */
export async function enterprisesChangedSince(db: Db, since: string): Promise<{ enterpriseId: number; at: string }[]> {
  const latest = new Map<number, string>();
  for (const r of await profileChangesSinceQuery(db, since).execute()) {
    const seen = latest.get(r.enterpriseId);
    if (seen === undefined || r.changedAt > seen) latest.set(r.enterpriseId, r.changedAt);
  }
  return [...latest].map(([enterpriseId, at]) => ({ enterpriseId, at }));
}

/** Enterprises by name or USCC (the console's keyword), in id order. */
export async function listEnterprises(db: Db, keyword: string | undefined) {
  let q = db.selectFrom('enterprise').select(['id', 'name', 'uscc']).orderBy('id');
  if (keyword) q = q.where((eb) => eb.or([eb('name', 'like', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`), eb('uscc', '=', keyword.toUpperCase())]));
  return q.execute();
}

export async function attributesOf(db: Db, enterpriseIds: readonly number[]): Promise<AttributeRow[]> {
  const out: AttributeRow[] = [];
  // In parts: a staff import names up to 50,000 enterprises, past SQLite's limit on bound parameters.
  for (let i = 0; i < enterpriseIds.length; i += 500) out.push(...(await db.selectFrom('enterpriseAttribute').select(COLUMNS).where('enterpriseId', 'in', enterpriseIds.slice(i, i + 500)).execute()));
  return out;
}

/** Enterprises on file with these USCCs. */
export async function enterprisesByUscc(db: Db, usccs: readonly string[]): Promise<{ id: number; name: string; uscc: string }[]> {
  const out: { id: number; name: string; uscc: string }[] = [];
  const list = [...new Set(usccs)];
  for (let i = 0; i < list.length; i += 500) out.push(...(await db.selectFrom('enterprise').select(['id', 'name', 'uscc']).where('uscc', 'in', list.slice(i, i + 500)).execute()));
  return out;
}

// ---- the staff import of departments' data ----------------------------------------------------

export async function insertImport(db: Db, row: Insertable<EnterpriseProfileImportTable>): Promise<number> {
  return (await db.insertInto('enterpriseProfileImport').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findImport(db: Db, id: number) {
  return db.selectFrom('enterpriseProfileImport').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Compare-and-set previewed → committed: false when another commit of the batch got there first. */
export async function claimImport(db: Db, id: number, at: string): Promise<boolean> {
  const res = await db.updateTable('enterpriseProfileImport').set({ status: 'committed', committedAt: at }).where('id', '=', id).where('status', '=', 'previewed').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The result of a commit; the checked rows are spent (enterprise_attribute holds the values now). */
export async function finishImport(db: Db, id: number, enterpriseCount: number, valueCount: number): Promise<void> {
  await db.updateTable('enterpriseProfileImport').set({ enterpriseCount, valueCount, rows: '[]' }).where('id', '=', id).execute();
}

// ---- 接收政策推送短信 ------------------------------------------------------------------------------

/** The mobile an enterprise's pushes go to by SMS (the account that switched them on), if it asked for them. */
export async function pushSmsPhoneOf(db: Db, enterpriseId: number): Promise<string | null> {
  const row = await db
    .selectFrom('pushSmsOptIn as o')
    .innerJoin('userAccount as u', 'u.id', 'o.userId')
    .select('u.phone')
    .where('o.enterpriseId', '=', enterpriseId)
    .whereRef('u.enterpriseId', '=', 'o.enterpriseId')
    .executeTakeFirst();
  return row?.phone ?? null;
}

/** Switches the SMS on (to this account's mobile) or off (`userId` null), with the caller's transaction. */
export async function setPushSms(tx: Db, enterpriseId: number, userId: number | null): Promise<void> {
  if (userId === null) {
    await tx.deleteFrom('pushSmsOptIn').where('enterpriseId', '=', enterpriseId).execute();
    return;
  }
  await tx
    .insertInto('pushSmsOptIn')
    .values({ enterpriseId, userId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.column('enterpriseId').doUpdateSet({ userId }))
    .execute();
}

/** Of these enterprises, those that asked for pushes by SMS, with the mobile (an enabled account's) to send to. */
export async function pushSmsPhones(db: Db, enterpriseIds: readonly number[]): Promise<Map<number, string>> {
  if (!enterpriseIds.length) return new Map();
  const rows = await db
    .selectFrom('pushSmsOptIn as o')
    .innerJoin('userAccount as u', 'u.id', 'o.userId')
    .select(['o.enterpriseId', 'u.phone'])
    .where('o.enterpriseId', 'in', enterpriseIds)
    // The account must still belong to the enterprise and be enabled.
    .whereRef('u.enterpriseId', '=', 'o.enterpriseId')
    .where('u.status', '=', 'active')
    .execute();
  return new Map(rows.map((r) => [r.enterpriseId, r.phone]));
}
