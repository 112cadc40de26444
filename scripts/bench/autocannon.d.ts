// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** At most this many requests a second on each connection. */
    connectionRate?: number;
    duration?: number;
    maxOverallRequests?: number;
    timeout?: number;
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: any, ctx: any) => any }[];
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** A run, and its events ('response': client, status, bytes, ms; 'reqError'). */
  function autocannon(opts: Options): Promise<Result> & { on(event: string, listener: (...args: any[]) => void): void };
  export default autocannon;
}
