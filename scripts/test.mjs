// npm test: install what is missing; lint and typecheck the whole tree (either failing ends the run
// there); build; then run every test: unit and API (SQLite, and PostgreSQL when TEST_DATABASE_URL is
// set), then end-to-end in Chromium against the built server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled } from './setup.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });

ensureInstalled();

// The same commands as `npm run lint` and `npm run typecheck`: a broken boundary or type stops the
// run before the twenty minutes of tests, and CI (which runs npm test) fails on it.
for (const [title, script] of [['代码检查（eslint .）', 'lint'], ['类型检查（react-router typegen && tsc --noEmit）', 'typecheck']]) {
  console.log(`\n› ${title}`);
  if (spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' }).status !== 0) {
    console.error(`\n${title}未通过：请先修正上面列出的问题，再运行 npm test`);
    process.exit(1);
  }
}

ensureBuilt();

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`找不到 Chromium（${chromium}）。端到端测试使用 Debian 的 chromium：apt-get install chromium fonts-noto-cjk`);
  process.exit(1);
}

const env = { ...process.env, NODE_ENV: 'test' };
const totals = { passed: 0, failed: 0 };
let ok = true;

function step(title, cmd, args, report, count) {
  console.log(`\n› ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  console.log(`  用时 ${Math.round((Date.now() - started) / 1000)} 秒`);
  if (r.status !== 0) ok = false;
  if (existsSync(report)) {
    const c = count(JSON.parse(readFileSync(report, 'utf8')));
    totals.passed += c.passed;
    totals.failed += c.failed;
  } else ok = false;
}

const vitestReport = path.join(reports, 'vitest.json');
step('单元与接口测试（Vitest）', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], vitestReport, (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests,
}));

const e2eReport = path.join(reports, 'playwright.json');
env.PLAYWRIGHT_JSON_OUTPUT_NAME = e2eReport;
step('端到端测试（Playwright + Chromium）', 'npx', ['playwright', 'test', '--reporter=list,json'], e2eReport, (j) => ({
  passed: j.stats.expected + j.stats.flaky,
  failed: j.stats.unexpected,
}));

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
