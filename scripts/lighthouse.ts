// Lighthouse accessibility (desktop) over the public pages, the sign-in pages and the console's
// login (docs/decisions.md "Accessibility"), in Debian's Chromium: prints each page's score and the audits that failed, and
// exits non-zero when any page scores under 100.
// Usage: npm run build && npm run lighthouse            (starts the e2e server on a seeded database)
//        LIGHTHOUSE_BASE_URL=http://host:port npm run lighthouse   (a server already running)
import { spawn, type ChildProcess } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = process.env.E2E_PORT ?? '8199';

const PAGES = ['/', '/notice', '/important-policy', '/appeal', '/address-book', '/free-apply', '/free-apply?tab=declare', '/free-apply?tab=proclamation', '/performance', '/auth/login', '/auth/register', '/auth/reset-password', '/console/login'];
/** Detail pages: the first of each list's links. */
const DETAILS: [list: string, prefix: string][] = [
  ['/notice', '/notice/detail?id='],
  ['/important-policy', '/important-policy/detail?id='],
  ['/appeal', '/appeal/detail?id='],
  ['/free-apply', '/free-apply/free-project/detail?id='],
];

async function waitForServer(base: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`服务未在 2 分钟内就绪：${base}`);
}

async function firstLink(base: string, list: string, prefix: string): Promise<string | null> {
  const html = await (await fetch(base + list)).text();
  const escaped = prefix.replace(/[?.]/g, '\\$&');
  const m = new RegExp(`href="(${escaped}[^"]*)"`).exec(html);
  return m ? m[1].replace(/&amp;/g, '&') : null;
}

let server: ChildProcess | null = null;
let base = process.env.LIGHTHOUSE_BASE_URL;
if (!base) {
  base = `http://localhost:${PORT}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/server.ts'], { env: { ...process.env, E2E_PORT: PORT }, stdio: ['ignore', 'ignore', 'inherit'] });
  // A server that fails to start is the answer: no need to wait out the timeout.
  server.on('exit', (code) => {
    if (code) process.exit(code);
  });
}

const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
let failed = 0;
try {
  await waitForServer(base);
  const details = (await Promise.all(DETAILS.map(([list, prefix]) => firstLink(base!, list, prefix)))).filter((u): u is string => !!u);
  for (const path of [...PAGES, ...details]) {
    const result = await lighthouse(base + path, { port: chrome.port, onlyCategories: ['accessibility'], logLevel: 'error', output: 'json' }, desktopConfig);
    const category = result?.lhr.categories.accessibility;
    const score = Math.round((category?.score ?? 0) * 100);
    const failing = (category?.auditRefs ?? []).filter((ref) => ref.weight > 0 && result!.lhr.audits[ref.id].score === 0).map((ref) => ref.id);
    console.log(`${String(score).padStart(3)}  ${path}${failing.length ? `  未通过：${failing.join(', ')}` : ''}`);
    if (score < 100) failed++;
  }
} finally {
  await chrome.kill();
  server?.kill();
}
if (failed) {
  console.error(`${failed} 个页面的无障碍得分低于 100`);
  process.exit(1);
}
console.log('全部页面无障碍得分 100');
