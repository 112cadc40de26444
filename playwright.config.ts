import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
/**
 * Two workers, each with a server of its own on a fresh, seeded database (port, port + 1): a
 * file's journeys run in order in one worker, and files never share data. E2E_WORKERS=1 for one.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/** End-to-end journeys in Debian's Chromium against the built server on a fresh, seeded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Guards against a hung journey, not speed checks: on a two-core machine three times slower than
  // usual, with both workers and their browsers busy, a console journey took over a minute and a
  // dropdown over ten seconds to open.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers,
  // In CI a failed journey runs once more, with a trace: a second failure fails the run, and one
  // that passes on retry is listed as flaky in the report (docs/decisions.md "Journeys retried once in CI").
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: 'node --import tsx tests/e2e/server.ts',
    url: `http://localhost:${port + i}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port + i) },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
