import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type Dialect,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { CamelCaseNames, snakeCaseDialect } from './snake-case.ts';

/** A dialect that compiles but never connects, with the given compiler. */
const compiling = (kind: 'sqlite' | 'postgres', compiler: () => any): Dialect => ({
  createAdapter: () => (kind === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
  createDriver: () => new DummyDriver(),
  createIntrospector: (db) => (kind === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
  createQueryCompiler: compiler,
});

/** Kysely's own CamelCasePlugin, and ours, on one dialect. */
function pair(kind: 'sqlite' | 'postgres') {
  const stock = new Kysely<any>({
    dialect: compiling(kind, () => (kind === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler())),
    plugins: [new CamelCasePlugin()],
  });
  const names = new CamelCaseNames();
  const ours =
    kind === 'sqlite'
      ? snakeCaseDialect(new SqliteDialect({ database: {} as any }), SqliteQueryCompiler, names)
      : snakeCaseDialect(new PostgresDialect({ pool: {} as any }), PostgresQueryCompiler, names);
  const mine = new Kysely<any>({ dialect: compiling(kind, () => ours.createQueryCompiler()), plugins: [names] });
  return { stock, mine };
}

/** Queries that name things every way the portal does: tables, aliases, joins, raw refs, DDL. */
const QUERIES: [string, (db: Kysely<any>) => { compile(): { sql: string } }][] = [
  [
    'select with join, alias, where, order and raw ref',
    (db) =>
      db
        .selectFrom('declareEnt as d')
        .innerJoin('declareProject as p', 'p.id', 'd.projectId')
        .select(['d.id', 'd.entName as enterpriseName', sql<string>`${sql.ref('p.applyEnd')} || ''`.as('applyEndText')])
        .where('d.reviewStatus', '=', 'pending')
        .where(sql.ref('d.updatedAt'), '>', '2026-01-01')
        .orderBy('d.submittedAt', 'desc')
        .limit(10),
  ],
  ['insert with returning', (db) => db.insertInto('auditLog').values({ actorType: 'staff', staffId: 1, objectId: 'x1' }).returning(['id', 'createdAt'])],
  ['update with subquery', (db) => db.updateTable('workOrder').set({ handlerDeptId: 3 }).where('appealId', 'in', db.selectFrom('appeal').select('id').where('entUserId', '=', 7))],
  ['delete', (db) => db.deleteFrom('smsCode').where('expiresAt', '<', 1)],
  [
    'create table and index',
    (db) =>
      db.schema
        .createTable('followUp')
        .addColumn('appealId', 'integer', (c) => c.notNull().references('appeal.id'))
        .addColumn('dueAt', 'text')
        .addUniqueConstraint('followUpAppealUnique', ['appealId']) as any,
  ],
  ['create index', (db) => db.schema.createIndex('workOrderDeptDue').on('workOrder').columns(['handlerDeptId', 'dueAt desc']) as any],
  ['name with digits and quotes', (db) => db.selectFrom('level2Region').select(['areaCode12', sql.ref<string>('odd"Name').as('x')])],
];

describe.each(['sqlite', 'postgres'] as const)('snake_case written by the %s compiler', (kind) => {
  const { stock, mine } = pair(kind);
  it.each(QUERIES)('%s: the same SQL as CamelCasePlugin', (_name, build) => {
    const expected = build(stock).compile().sql;
    expect(build(mine).compile().sql).toBe(expected);
    expect(expected).toMatch(/_/); // the query did name camelCase things
  });
});

describe('result rows', () => {
  it('come back in camelCase, nested objects included, as CamelCasePlugin gives them', async () => {
    const names = new CamelCaseNames();
    const db = new Kysely<any>({ dialect: snakeCaseDialect(new SqliteDialect({ database: new SQLite(':memory:') }), SqliteQueryCompiler, names), plugins: [names] });
    await db.schema.createTable('entUser').addColumn('creditCode', 'text').addColumn('contactName', 'text').execute();
    await db.insertInto('entUser').values({ creditCode: '91310000MA1FL0000X', contactName: '张三' }).execute();
    const rows = await db.selectFrom('entUser').select(['creditCode', 'contactName']).execute();
    expect(rows).toEqual([{ creditCode: '91310000MA1FL0000X', contactName: '张三' }]);
    // A JSON column's object (PostgreSQL's jsonb) is renamed inside too, as before.
    const nested = await names.transformResult({ queryId: { queryId: 'q' }, result: { rows: [{ outer_key: { inner_key: 1 } }] } } as any);
    expect(nested).toEqual({ rows: [{ outerKey: { innerKey: 1 } }] });
    await db.destroy();
  });
});
