import { gzipSync } from 'node:zlib';
import { add, check } from './report.ts';
import type { BenchServer } from './server.ts';

/**
 * JavaScript a visitor downloads for a page: the module scripts its server-rendered HTML loads or
 * preloads (React Router's modulepreload links and the inline `import`s of its hydration script),
 * each gzipped at level 9 as a pre-compressed asset would be, summed.
 */
export interface PageWeight {
  path: string;
  status: number;
  scripts: number;
  gzipBytes: number;
}

const LIST_PAGES = ['/', '/appeal', '/important-policy', '/notice', '/address-book', '/free-apply'];
/** Detail pages, found as the first link of their kind on a list page (real ids, whatever the seed made). */
const DETAILS: { path: string; from: string[] }[] = [
  { path: '/appeal/detail', from: ['/appeal'] },
  { path: '/important-policy/detail', from: ['/important-policy', '/'] },
  { path: '/notice/detail', from: ['/notice', '/'] },
  { path: '/free-apply/free-project/detail', from: ['/free-apply', '/'] },
  { path: '/free-apply/declare-project/detail', from: ['/free-apply?tab=declare-project', '/free-apply', '/'] },
  { path: '/free-apply/proclamation/detail', from: ['/free-apply?tab=proclamation', '/free-apply', '/'] },
];

export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?\(?\s*["']([^"']+\.js)["']/g)) urls.add(i[1]);
  }
  return [...urls];
}

const decode = (s: string) => s.replace(/&amp;/g, '&');

async function html(origin: string, path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(origin + path, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  return { status: res.status, text: await res.text() };
}

async function findDetail(origin: string, detail: (typeof DETAILS)[number]): Promise<string | null> {
  const pattern = new RegExp(`href="(${detail.path.replace(/[/.]/g, '\\$&')}\\?[^"]+)"`);
  for (const from of detail.from) {
    const m = pattern.exec((await html(origin, from)).text);
    if (m) return decode(m[1]);
  }
  return null;
}

export async function measurePages(origin: string): Promise<{ pages: PageWeight[]; missing: string[] }> {
  const paths = [...LIST_PAGES];
  const missing: string[] = [];
  for (const d of DETAILS) {
    const found = await findDetail(origin, d);
    if (found) paths.push(found);
    else missing.push(d.path);
  }
  paths.push('/auth/login');
  const sizes = new Map<string, number>();
  const pages: PageWeight[] = [];
  for (const path of paths) {
    const page = await html(origin, path);
    const urls = scriptUrls(page.text);
    let total = 0;
    for (const url of urls) {
      if (!sizes.has(url)) {
        const res = await fetch(new URL(url, origin), { signal: AbortSignal.timeout(15_000) });
        sizes.set(url, res.ok ? gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length : 0);
      }
      total += sizes.get(url)!;
    }
    pages.push({ path, status: page.status, scripts: urls.length, gzipBytes: total });
  }
  return { pages, missing };
}

const JS_BUDGET_KB = 200;

/** Section js: the JavaScript each public page loads. */
export async function jsFigures(s: BenchServer) {
  const { pages, missing } = await measurePages(s.origin);
  for (const p of pages) {
    add({
      group: '页面脚本（gzip）',
      name: p.path,
      value: `${(p.gzipBytes / 1024).toFixed(1)} KB（${p.scripts} 个模块${p.status === 200 ? '' : `，HTTP ${p.status}`}）`,
      budget: `< ${JS_BUDGET_KB} KB`,
      verdict: check(p.gzipBytes < JS_BUDGET_KB * 1024 && p.status === 200),
      data: { ...p },
    });
  }
  for (const path of missing) add({ group: '页面脚本（gzip）', name: path, value: '列表页上没有找到详情链接', budget: `< ${JS_BUDGET_KB} KB`, verdict: '未实现' });
}
