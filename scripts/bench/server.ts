import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverArgs, serverEnv } from '../server-command.mjs';

/**
 * The built portal as a child process (`node <flags> build/server.mjs`), as `npm run serve`
 * runs it, with its resident memory sampled from /proc every 200 ms for as long as it runs.
 */
export interface BenchServer {
  origin: string;
  pid: number;
  /** Highest resident set size seen so far, in MB (of the largest process, with WEB_CONCURRENCY workers). */
  peakRssMb(): number;
  /** Resident set size once ready, before any load, in MB. */
  startRssMb: number;
  rssMb(): number;
  /** CPU time the process has used so far (all threads, and its workers'), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** The environment a server gets: only what it needs, so the caller's DATABASE_URL, REDIS_URL... never leak in. */
export function cleanEnv(env: Record<string, string>): Record<string, string> {
  // NODE_OPTIONS and MALLOC_ARENA_MAX pass through, so that runtime settings can be tried: NODE_OPTIONS=... npm run bench
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR', 'NODE_OPTIONS', 'MALLOC_ARENA_MAX'];
  const base = Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]!]));
  return serverEnv({ ...base, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env });
}

/** utime + stime from /proc/<pid>/stat, in ms (clock ticks are 10 ms on Linux). */
export function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The process and its descendants (a cluster's workers, nginx's), from /proc. */
export function treeOf(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU time of a process and its descendants, in ms. */
export const treeCpuOf = (pid: number): number => treeOf(pid).reduce((n, p) => n + cpuOf(p), 0);

/** The largest resident set of a process and its descendants, in MB: the budget is per process. */
export const largestRssOf = (pid: number): number => Math.max(...treeOf(pid).map(rssOf));

export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function waitReady(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`服务启动失败（退出码 ${child.exitCode}）：\n${output()}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`服务 60 秒内未就绪：\n${output()}`);
}

export async function startServer(port: number, env: Record<string, string>): Promise<BenchServer> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (NODE_OPTIONS may not carry --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // Its log goes to a file, as `npm run serve >> portal.log` or a process manager writing files
  // keeps it, and is read only when the server fails to start: the bench does not share the cores
  // with a reader of several MB of access lines a second.
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-log-'));
  const file = path.join(dir, 'server.log');
  const fd = openSync(file, 'a');
  const child = spawn(process.execPath, [...profile, ...serverArgs()], {
    env: cleanEnv({ ...env, PORT: String(port) }),
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const output = () => readFileSync(file, 'utf8').slice(-4000);
  const pid = child.pid!;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, largestRssOf(pid));
  }, 200);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    clearInterval(sampler);
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A profiled server writes its profile as it exits, which takes a while after a long run.
    await Promise.race([exited, sleep(profile.length ? 120_000 : 12_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(origin, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    origin,
    pid,
    peakRssMb: () => Math.max(peak, largestRssOf(pid)),
    startRssMb: largestRssOf(pid),
    rssMb: () => largestRssOf(pid),
    cpuMs: () => treeCpuOf(pid),
    stop,
  };
}
