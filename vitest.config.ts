import { defineConfig } from 'vitest/config';

// Its own config, without the React Router plugin (docs/architecture.md).
export default defineConfig({
  test: {
    include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/lint/*.test.ts', 'tests/faults/*.test.ts'],
    environment: 'node',
    // A guard against a hung test, not a speed check: the lockout tests verify a dozen passwords
    // with the real scrypt cost, 10–19 s on a busy two-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // With PostgreSQL, one file at a time: Kysely's migrator looks up the tables of every schema in
    // the database by name, and a test schema that a file running beside it drops meanwhile fails
    // that migration ("schema … does not exist"). On SQLite each file has a directory of its own.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : undefined,
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
  },
});
