// npm start: install, build when stale, migrate and seed an empty database, then serve the portal.
import { spawn, execSync } from 'node:child_process';
import path from 'node:path';
import { serverArgs, serverEnv } from './server-command.mjs';
import { ensureBuilt, ensureInstalled } from './setup.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureInstalled();
ensureBuilt();
execSync('node --import tsx scripts/seed.ts --if-empty', { cwd: root, stdio: 'inherit' });

const port = process.env.PORT ?? '8080';
const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv({ NODE_ENV: 'production', ...process.env }),
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));

// Tell the person at the terminal where to go once the portal answers.
const base = `http://localhost:${port}`;
for (let i = 0; i < 120; i++) {
  await new Promise((r) => setTimeout(r, 500));
  try {
    if ((await fetch(`${base}/readyz`)).ok) {
      console.log(`\n  门户已启动：${base}\n  演示企业账号：手机号 13800138000　密码 Demo#2026\n  接口文档：${base}/api-docs\n`);
      break;
    }
  } catch {
    // not listening yet
  }
}
