import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolUse } from '../../db/database.ts';
import { allowList } from './allow-list.ts';

/**
 * GET /metrics in Prometheus's text format (docs/operations.md "监控什么"): request times by route,
 * page-cache answers, the database pool, jobs, and the process's own figures (event-loop lag,
 * memory, GC). Only for the addresses of METRICS_ALLOW; to any other the path is an unknown URL
 * like any other (a 404), so nothing tells a visitor that it exists.
 */
const PATH = '/metrics';
/** Seconds: a cached page takes well under 5 ms, a page render tens of ms, an export seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];
/** Fastify's route of every page (platform/ssr/react-router.ts), also for the hits answered before Fastify. */
const PAGE_ROUTE = '/*';

/** With WEB_CONCURRENCY > 1 each worker answers a scrape with its own figures, told apart by this label. */
const workerLabels = (): Record<string, string> => (cluster.isWorker ? { worker: String(cluster.worker!.id) } : {});

let processRegistry: Registry | null = null;

/** Figures of the process, not of an app: made once, however many apps a test builds in one process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    processRegistry.setDefaultLabels(workerLabels());
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export const metricsPlugin = fp(async function metrics(app: FastifyInstance) {
  const allowed = allowList(app.config.metricsAllow);
  const registry = new Registry();
  registry.setDefaultLabels(workerLabels());
  const registers = [registry];

  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method, Fastify route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers,
  });
  const pageCache = new Counter({
    name: 'portal_page_cache_requests_total',
    help: 'Anonymous page requests by page-cache result (hit, stale, miss, bypass)',
    labelNames: ['result'] as const,
    registers,
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections: open (total), idle, and requests waiting for one; absent on SQLite',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = poolUse(app.db);
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  // The queue counts for itself (platform/scheduler.ts); these read its figures at each scrape.
  new Counter({
    name: 'portal_jobs_started_total',
    help: 'Background jobs started since the process started',
    registers,
    collect() {
      this.reset();
      this.inc(app.jobs.stats().run);
    },
  });
  new Counter({
    name: 'portal_jobs_failed_total',
    help: 'Background jobs that failed since the process started',
    registers,
    collect() {
      this.reset();
      this.inc(app.jobs.stats().failed);
    },
  });
  new Gauge({
    name: 'portal_jobs_running',
    help: 'Background jobs under way now',
    registers,
    collect() {
      this.set(app.jobs.stats().running);
    },
  });

  // Hits answered before Fastify: labelled children made once, so a hit pays only the observation.
  const pageHits = pageCache.labels('hit');
  const frontDurations = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
  app.frontDoor.observe((method, status, seconds) => {
    const key = `${method} ${status}`;
    let child = frontDurations.get(key);
    if (!child) frontDurations.set(key, (child = duration.labels(method, PAGE_ROUTE, String(status))));
    child.observe(seconds);
    pageHits.inc();
  });

  // A hook rather than a route: refused, the request goes on to whatever answers an unknown URL.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.split('?')[0] !== PATH || !allowed(request.ip)) return;
    const text = await Registry.merge([processMetrics(), registry]).metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.url.split('?')[0] === PATH) return;
    // The route's pattern, never the URL: one series per route, whatever ids and queries come.
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const state = reply.getHeader('x-cache');
    if (typeof state === 'string') pageCache.inc({ result: state.toLowerCase() });
  });
});
