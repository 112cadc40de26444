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
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker) || (existsSync(lock) && statSync(marker).mtimeMs < statSync(lock).mtimeMs)) {
    // Exactly the locked versions, from a clean node_modules, as operators and Dockerfiles install.
    // The lock holds every platform's native packages (scripts/lock-platforms.mjs puts back the
    // ones npm drops when its registry lacks them), so npm 10 and 11 accept it.
    const cmd = existsSync(lock) ? 'npm ci' : 'npm install';
    console.log(`› 安装依赖（${cmd}）…`);
    run(`${cmd} --no-audit --no-fund`);
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
