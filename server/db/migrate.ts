import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

class ListProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Runs every pending migration; called at start-up, by the seed script and by tests. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely keeps its bookkeeping tables beside the portal's: on PostgreSQL, in the connection's own
  // schema, the only one its introspector reads (own-schema-introspector.ts).
  // Numbers are reserved per engineer and land in any order (0009 may reach a database before
  // 0007): each migration touches only its own tables, so the order they ran in does not matter.
  const migrator = new Migrator({ db, provider: new ListProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${error instanceof Error ? error.message : String(error)}`);
  }
}
