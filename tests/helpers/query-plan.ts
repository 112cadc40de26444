import { CompiledQuery, sql } from 'kysely';
import type { TestApp } from './test-app.ts';

const literal = (p: unknown) => (p === null ? 'null' : typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`);

/**
 * The plan a read gets as the server runs it, as text. On PostgreSQL reads are prepared
 * (db/prepared-statements.ts), and after five runs PostgreSQL may keep one generic plan for every
 * value of the parameters: this asks for that plan, the one a skewed value can be hurt by. On
 * SQLite, its query plan.
 */
export async function planOf(t: TestApp, query: { compile(): CompiledQuery }): Promise<string> {
  const q = query.compile();
  if (t.kind !== 'postgres') return JSON.stringify((await t.db.executeQuery(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows);
  return t.db.connection().execute(async (c) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(c);
    try {
      await c.executeQuery(CompiledQuery.raw(`prepare plan_probe as ${q.sql}`));
      const args = q.parameters.length ? `(${q.parameters.map(literal).join(', ')})` : '';
      return JSON.stringify((await c.executeQuery(CompiledQuery.raw(`explain execute plan_probe${args}`))).rows);
    } finally {
      await sql`deallocate plan_probe`.execute(c).catch(() => {});
      await sql`reset plan_cache_mode`.execute(c);
    }
  });
}
