import { mkdirSync, rmSync } from 'node:fs';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { e2eSsoEnv } from './sso-settings.ts';

import { e2eDataDir } from './e2e-data.ts';

/**
 * The server the end-to-end journeys drive: the production build on a fresh, seeded database, in
 * a directory named after the port so that a journey can set a date in the past (tests/e2e/e2e-data.ts).
 */
const dataDir = e2eDataDir();
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({
  ...e2eSsoEnv(Number(process.env.E2E_PORT ?? 8181)),
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  PORT: process.env.E2E_PORT ?? '8181',
  DEV_FIXED_CODES: '1',
  // Journeys sign in through the API as separate visitors (tests/e2e/visitor.ts).
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
});
const db = createDb(config.database);
await migrateToLatest(db);
await seedDemo(db);
await db.destroy();
const app = await buildApp(config);
await app.listen({ port: config.port, host: '127.0.0.1' });
