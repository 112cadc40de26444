import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { MIX, THINK_SECONDS, WAVES, type Kind, type Session } from './capacity-scenario.ts';

/**
 * One step of the capacity search: the sessions of capacity-scenario.ts arriving at `rate` a
 * second for `warmSeconds + seconds`, the answers of the last `seconds` counted. Bounded in time;
 * traffic to 127.0.0.1 only.
 */
export interface ScenarioResult {
  /** Sessions a second asked for, and sessions a second carried out (answers ÷ steps ÷ seconds). */
  rate: number;
  sessionsPerSecond: number;
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, errors and timeouts. */
  failures: number;
  byKind: Record<Kind, { connections: number; requests: number; p99: number; failures: number }>;
  /** This process's CPU (autocannon's, the load generator) while measuring, as a share of one core. */
  generatorCpu: number;
  /** The server's CPU per answer while measuring, ms (all its processes), when asked with `cpuMs`. */
  serverCpuPerRequestMs?: number;
}

export interface ScenarioRun {
  origin: string;
  sessions: Record<Kind, Session>;
  rate: number;
  warmSeconds?: number;
  seconds?: number;
  /** The server's CPU time so far (ms), for its cost per answer. */
  cpuMs?: () => number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : 0);

/** Connections of a kind at `rate` sessions a second: arrivals × session length (a session of n steps lasts n think times). */
export const connectionsFor = (rate: number, kind: Kind, steps: number) => Math.max(1, Math.round(rate * MIX[kind] * steps * THINK_SECONDS));

export async function runScenario({ origin, sessions, rate, warmSeconds = 3, seconds = 12, cpuMs }: ScenarioRun): Promise<ScenarioResult> {
  const url = new URL(origin);
  if (url.hostname !== '127.0.0.1') throw new Error(`压测只打本机回环地址：${origin}`);
  const total = warmSeconds + seconds;
  const started = performance.now();
  const from = started + warmSeconds * 1000;
  const to = from + seconds * 1000;
  const kinds = Object.keys(MIX) as Kind[];
  const latencies = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const failed = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<Kind, number>;
  const connections = Object.fromEntries(kinds.map((k) => [k, connectionsFor(rate, k, sessions[k].steps.length)])) as Record<Kind, number>;
  let cpuAt: { gen: NodeJS.CpuUsage; server: number } | null = null;
  let cpuEnd: { gen: NodeJS.CpuUsage; server: number } | null = null;
  const markers = [
    sleep(warmSeconds * 1000).then(() => (cpuAt = { gen: process.cpuUsage(), server: cpuMs?.() ?? 0 })),
    sleep(total * 1000).then(() => (cpuEnd = { gen: process.cpuUsage(), server: cpuMs?.() ?? 0 })),
  ];

  const runs: Promise<unknown>[] = [];
  for (const [k, kind] of kinds.entries()) {
    const { steps, headers } = sessions[kind];
    const waves = Math.min(WAVES, connections[kind]);
    for (let w = 0; w < waves; w++) {
      const n = Math.floor(connections[kind] / waves) + (w < connections[kind] % waves ? 1 : 0);
      // Wave w of kind k starts (w + k/3) / waves of a think time after the first.
      const offset = ((w + k / kinds.length) / waves) * THINK_SECONDS * 1000;
      runs.push(
        sleep(offset).then(() => {
          const tracker = autocannon({
            url: origin,
            connections: n,
            connectionRate: 1 / THINK_SECONDS,
            duration: Math.max(1, total - offset / 1000),
            timeout: 10,
            headers: { ...BROWSER_HEADERS, ...headers },
            requests: steps.map((step) => ({
              setupRequest: (req: Record<string, unknown>) => {
                const s = step();
                return { ...req, method: s.method ?? 'GET', path: s.path, body: s.body ? JSON.stringify(s.body) : undefined, headers: { ...(req.headers as object), ...s.headers } };
              },
            })),
          });
          tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
            const now = performance.now();
            if (now < from || now > to) return;
            latencies[kind].push(ms);
            if (status < 200 || status > 299) failed[kind]++;
          });
          tracker.on('reqError', () => {
            const now = performance.now();
            if (now >= from && now <= to) failed[kind]++;
          });
          return tracker;
        }),
      );
    }
  }
  await Promise.all([...runs, ...markers]);

  const all = kinds.flatMap((k) => latencies[k]).sort((a, b) => a - b);
  const byKind = Object.fromEntries(
    kinds.map((k) => {
      const sorted = [...latencies[k]].sort((a, b) => a - b);
      return [k, { connections: connections[k], requests: sorted.length, p99: percentile(sorted, 0.99), failures: failed[k] }];
    }),
  ) as ScenarioResult['byKind'];
  const start = cpuAt as unknown as { gen: NodeJS.CpuUsage; server: number };
  const end = cpuEnd as unknown as { gen: NodeJS.CpuUsage; server: number };
  const genMs = (end.gen.user + end.gen.system - start.gen.user - start.gen.system) / 1000;
  return {
    rate,
    sessionsPerSecond: kinds.reduce((n, k) => n + latencies[k].length / sessions[k].steps.length, 0) / seconds,
    requestsPerSecond: all.length / seconds,
    requests: all.length,
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    failures: kinds.reduce((n, k) => n + failed[k], 0),
    byKind,
    generatorCpu: genMs / (seconds * 1000),
    serverCpuPerRequestMs: cpuMs ? (end.server - start.server) / Math.max(1, all.length) : undefined,
  };
}

/** What a browser sends with every page. */
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};
