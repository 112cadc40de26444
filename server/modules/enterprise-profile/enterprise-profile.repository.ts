import type { Db } from '#server/db/database.ts';

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

/** Every value of every enterprise, for matching a project against all of them. */
export async function listAllAttributes(db: Db): Promise<AttributeRow[]> {
  return db.selectFrom('enterpriseAttribute').select(COLUMNS).orderBy('enterpriseId').execute();
}

/**
 * Writes the self-declared values of one enterprise in one transaction: a value replaces the one
 * stored, null removes it, an attribute not named stays as it is.
 */
export async function saveSelfValues(db: Db, enterpriseId: number, values: Record<string, string | null>): Promise<void> {
  const stamp = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (const [attr, value] of Object.entries(values)) {
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
  });
}

/** A verified value from a department's data (the staff import): replaces the verified one stored. */
export async function saveVerifiedValue(db: Db, enterpriseId: number, attr: string, value: string, department: string): Promise<void> {
  const stamp = new Date().toISOString();
  await db
    .insertInto('enterpriseAttribute')
    .values({ enterpriseId, attr, source: 'verified', value, department, updatedAt: stamp })
    .onConflict((oc) => oc.columns(['enterpriseId', 'attr', 'source']).doUpdateSet({ value, department, updatedAt: stamp }))
    .execute();
}

/** Enterprises by name or USCC (the console's keyword), in id order. */
export async function listEnterprises(db: Db, keyword: string | undefined) {
  let q = db.selectFrom('enterprise').select(['id', 'name', 'uscc']).orderBy('id');
  if (keyword) q = q.where((eb) => eb.or([eb('name', 'like', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`), eb('uscc', '=', keyword.toUpperCase())]));
  return q.execute();
}

export async function attributesOf(db: Db, enterpriseIds: number[]): Promise<AttributeRow[]> {
  if (!enterpriseIds.length) return [];
  return db.selectFrom('enterpriseAttribute').select(COLUMNS).where('enterpriseId', 'in', enterpriseIds).execute();
}
