import { createServer, connect } from 'node:net';
import type { LoadResult } from './load.ts';
import { call } from './accounts.ts';
import { add, check } from './report.ts';
import { startServer, type BenchServer } from './server.ts';

/** What the sections share: servers started and stopped for them, cleanups, the peaks of memory. */
/** A browser's Accept-Encoding without br, so nginx (no brotli module) and the portal send the same gzip. */
export const GZIP = { 'accept-encoding': 'gzip, deflate' };

export const cleanups: (() => Promise<void>)[] = [];
const peaks: { label: string; mb: number; startMb: number }[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function withServer<T>(label: string, env: Record<string, string>, fn: (s: BenchServer) => Promise<T>): Promise<T> {
  const server = await startServer(await freePort(), env);
  const stop = async () => {
    peaks.push({ label, mb: server.peakRssMb(), startMb: server.startRssMb });
    await server.stop();
  };
  cleanups.push(stop);
  try {
    return await fn(server);
  } finally {
    cleanups.splice(cleanups.indexOf(stop), 1);
    await stop();
  }
}

/** Ids spread over the whole table, read through the list call itself. */
export async function idsOf(origin: string, listPath: string): Promise<number[]> {
  const ids: number[] = [];
  for (const page of [1, 97, 503, 977, 1999]) {
    const sep = listPath.includes('?') ? '&' : '?';
    const r = await call<{ records: { id: number }[] }>(origin, `${listPath}${sep}currentPage=${page}&pageSize=40`);
    ids.push(...(r.data?.records ?? []).map((x) => x.id));
  }
  return ids;
}

/** A run with the server's CPU time per request (all its threads), which contention elsewhere on the machine barely moves. */
export async function withCpu(s: BenchServer, run: () => Promise<LoadResult>) {
  const before = s.cpuMs();
  const r = await run();
  return { ...r, cpuPerRequestMs: (s.cpuMs() - before) / Math.max(1, r.requests) };
}

/** Redis for the workers' rows: database 15, away from a portal's own keys on the same server. */
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

export const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const u = new URL(url);
    const socket = connect(Number(u.port || 6379), u.hostname, () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

const RSS_BUDGET_MB = 250;

/** One row per server started: the peak of its resident memory. */
export function memoryRows(): void {
  for (const p of peaks) {
    add({
      group: '内存',
      name: `服务进程常驻内存峰值（${p.label}）`,
      value: `${p.mb.toFixed(0)} MB（启动就绪时 ${p.startMb.toFixed(0)} MB）`,
      budget: `< ${RSS_BUDGET_MB} MB`,
      verdict: check(p.mb < RSS_BUDGET_MB),
      data: p,
    });
  }
}

/** The server that used the most memory, for bench-results.json. */
export const worstPeak = () => peaks.reduce((a, b) => (b.mb > a.mb ? b : a), { label: '', mb: 0 });
