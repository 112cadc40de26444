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
    // Two files at once on two cores (Vitest's default would be one), each test app in a schema or
    // a directory of its own.
    maxWorkers: 2,
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
  },
});
