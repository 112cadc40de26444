// Shared by `npm start` and `npm test`: install what is missing and build when the build is stale.
// Plain JavaScript, so that it runs before any dependency is installed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = s.mtimeMs;
  for (const e of readdirSync(p)) if (e !== 'node_modules' && !e.endsWith('.test.ts')) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(path.join(root, 'package-lock.json')).mtimeMs) {
    // `npm install --no-save`, not `npm ci`: npm 11 writes lock files without the other platforms'
    // optional packages (rollup, unrs-resolver) and `npm ci` then refuses them as out of sync;
    // --no-save installs exactly the locked versions and leaves the lock file untouched.
    console.log('› 安装依赖（npm install）…');
    run('npm install --no-save --no-audit --no-fund');
  }
}

export function ensureBuilt() {
  // The pages (React Router) and the server (one esbuild bundle, so production runs plain
  // JavaScript without a TypeScript loader) are built together by `npm run build`.
  const outputs = ['build/server/index.js', 'build/server.mjs'].map((o) => path.join(root, o));
  const inputs = ['app', 'contract', 'server', 'scripts/build-styles.tsx', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json'];
  const stale =
    outputs.some((o) => !existsSync(o)) ||
    Math.max(...inputs.map((i) => newest(path.join(root, i)))) > Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  if (stale) {
    console.log('› 构建页面（npm run build）…');
    run('npm run build');
  }
}
