import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf, type Db } from './database.ts';
import { migrations } from './migrations/index.ts';

class ListProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Runs every pending migration; called at start-up, by the seed script and by tests. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with several
  // schemas in one database (tests, benchmarks side by side) it would find another's and fail.
  const migrationTableSchema =
    dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema : undefined;
  // Numbers are reserved per engineer and land in any order (0009 may reach a database before
  // 0007): each migration touches only its own tables, so the order they ran in does not matter.
  const migrator = new Migrator({ db, provider: new ListProvider(), migrationTableSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${error instanceof Error ? error.message : String(error)}`);
  }
}
