import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { rebuildIndex } from '#server/modules/search/search.indexer.ts';

/**
 * npm run search:reindex
 * Rebuilds 站内搜索's index from what the public may see now, in the database the environment
 * names (DATABASE_URL or DATA_DIR). The services keep the index current as they publish and
 * withdraw; this is for an install that had content before the index existed, or after a restore.
 * In one transaction: searches go on meeting the old index until the new one is complete (rebuildIndex).
 */
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const started = Date.now();
  const count = await rebuildIndex(db);
  console.log(`站内搜索索引已重建：${count} 条公开内容，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒。`);
} finally {
  await db.destroy();
}
