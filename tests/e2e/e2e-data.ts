import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The data directory of the e2e server on this port (tests/e2e/server.ts empties it at start). */
export function e2eDataDir(port = Number(process.env.E2E_PORT ?? 8181)): string {
  return path.join(tmpdir(), `portal-e2e-${port}`);
}

/**
 * The e2e server's own SQLite database, for what no browser can do in a journey's minutes: a
 * project's window closing, a 公示's objection period running out. Time moves in the data, as the
 * API tests move it; the server has no clock a test can set.
 */
export function withE2eDb<T>(fn: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(e2eDataDir(), 'portal.db'));
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
