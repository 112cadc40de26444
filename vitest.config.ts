import { availableParallelism } from 'node:os';
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
    // Vitest's default is one file at a time on two cores; two at once finish far sooner, as a file
    // spends much of its time waiting on PostgreSQL, Redis, scrypt or a built server, and each test
    // app has a database of its own (tests/helpers/test-app.ts). See docs/decisions.md, "Two
    // workers for each test runner".
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
  },
});
