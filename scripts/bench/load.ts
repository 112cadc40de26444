import autocannon from 'autocannon';

/**
 * One load run through autocannon: a short warm-up (the JIT and the caches settle) that is
 * thrown away, then the measured run. Bounded in time and in count; traffic to 127.0.0.1 only.
 */
export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** Paths to cycle through (relative to `url`'s origin), e.g. detail pages of different ids. */
  paths?: string[];
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
  maxRequests?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Errors, timeouts and statuses other than 2xx/304. */
  failures: number;
  /** Bytes received per answer, head and body (wrk only): says what kind of answers they were. */
  bytesPerRequest?: number;
}

async function run(spec: LoadSpec, seconds: number): Promise<LoadResult> {
  const origin = new URL(spec.url);
  if (origin.hostname !== '127.0.0.1') throw new Error(`压测只打本机回环地址：${spec.url}`);
  const connections = spec.connections ?? 10;
  const headers = { ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }), ...spec.headers };
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  let i = 0;
  const paths = spec.paths;
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers,
    body,
    connections,
    duration: seconds,
    maxOverallRequests: Math.max(connections, spec.maxRequests ?? 200_000),
    timeout: 10,
    requests: paths
      ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: paths[i++ % paths.length] }) }]
      : undefined,
  });
  const ok = (result['2xx'] ?? 0) + (result.statusCodeStats?.['304']?.count ?? 0);
  const total = result.requests.total;
  return {
    rps: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: total,
    failures: result.errors + result.timeouts + Math.max(0, total - ok),
  };
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const warm = spec.warmupSeconds ?? 1;
  if (warm > 0) await run(spec, warm);
  return run(spec, spec.seconds ?? 4);
}
