import { sql } from 'kysely';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { isEmpty, seedDemo } from '#server/db/seed/index.ts';

/**
 * npm run seed -- [--scale N] [--if-empty] [--no-search-index]
 * Migrates, then fills the database named by the environment (DATABASE_URL or DATA_DIR) with demo
 * data; --scale N makes N times the demo volume (benchmarks); --if-empty leaves existing data alone;
 * --no-search-index leaves 站内搜索's index empty (`npm run search:reindex` builds it).
 */
const args = process.argv.slice(2);
const scaleArg = args.indexOf('--scale');
const scale = scaleArg >= 0 ? Number(args[scaleArg + 1]) : 1;
if (!Number.isInteger(scale) || scale < 1) {
  console.error('--scale 须为正整数，例如 npm run seed -- --scale 100');
  process.exit(1);
}

const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  if (!(await isEmpty(db))) {
    if (args.includes('--if-empty')) {
      console.log('数据库已有数据，跳过演示数据。');
      process.exit(0);
    }
    console.error('数据库已有数据：演示数据只写入空数据库。请换一个 DATA_DIR / DATABASE_URL，或先清空数据库。');
    process.exit(1);
  }
  const started = Date.now();
  // A 256 MB page cache while seeding keeps the indexes' pages in memory instead of spilling them
  // to the WAL (100,000 policies: 23 s → 6 s); it lasts only for this connection.
  if (config.database.kind === 'sqlite') await sql`pragma cache_size = -262144`.execute(db);
  // One transaction: a commit per chunk would cost a disk sync each.
  await db.transaction().execute((trx) => seedDemo(trx, { scale, searchIndex: !args.includes('--no-search-index') }));
  // PostgreSQL's planner statistics and visibility map after a bulk load, now rather than when
  // autovacuum gets to them while the portal is serving (or never, where autovacuum is off):
  // until a table is vacuumed, an index-only scan (the console's capped counts and deep pages)
  // still reads every row it counts. (SQLite plans from its indexes alone; statistics taken of
  // the demo volume would only mislead it once the data has grown.)
  if (config.database.kind === 'postgres') await sql`vacuum analyze`.execute(db);
  console.log(`演示数据已写入（规模 ×${scale}，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒）。`);
} finally {
  await db.destroy();
}
