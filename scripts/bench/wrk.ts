import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { LoadResult } from './load.ts';

/**
 * Debian's wrk (C, epoll) as the load generator of the page comparison: autocannon is one Node
 * thread and tops out near 25k req/s on this machine, below what nginx and bare node:http do,
 * so every figure above that was the generator's, not the server's. Install: `apt-get install wrk`.
 * One thread and 10 connections (the logged-in pages: 20): the second core is left to the server measured.
 */
export const WRK = '/usr/bin/wrk';
export const hasWrk = (): boolean => existsSync(WRK);

const run = promisify(execFile);

const toMs = (v: string, unit: string) => Number(v) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? NaN);
/** wrk prints sizes in binary units: `2.09GB read`. */
const toBytes = (v: string, unit: string) => Number(v) * ({ B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }[unit] ?? NaN);

export async function wrk(url: string, headers: Record<string, string> = {}, seconds = 5, connections = 10): Promise<LoadResult> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`压测只打本机回环地址：${url}`);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  const { stdout } = await run(WRK, [...args, url], { timeout: (seconds + 20) * 1000 });
  const num = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? NaN);
  const lat = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(stdout);
    return m ? toMs(m[1], m[2]) : NaN;
  };
  const max = /^\s*Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)/m.exec(stdout);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const requests = num(/(\d+) requests in/);
  const read = /requests in [\d.]+\w+, ([\d.]+)([KMGT]?B) read/.exec(stdout);
  const rps = num(/Requests\/sec:\s+([\d.]+)/);
  if (!Number.isFinite(rps)) throw new Error(`读不懂 wrk 的输出：${stdout.slice(0, 500)}`);
  return {
    rps,
    p50: lat('50'),
    p99: lat('99'),
    max: max ? toMs(max[1], max[2]) : NaN,
    requests,
    failures: (num(/Non-2xx or 3xx responses: (\d+)/) || 0) + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
    bytesPerRequest: read ? toBytes(read[1], read[2]) / requests : NaN,
  };
}
