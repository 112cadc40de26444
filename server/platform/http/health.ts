import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { OUTAGE_RETRY_SECONDS } from '../outage.ts';

/** A probe that gets no answer in this time counts as a failure: a hung database is not a ready one. */
const PROBE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process is alive (restart it when this fails). /readyz: it can serve, i.e. reach
 * its database (take it out of the load balancer while this says 503; it says 200 again by itself
 * once the database is back). Redis is reported but does not decide: without it pages and reads
 * still work (docs/operations.md "故障与恢复").
 */
export async function healthPlugin(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ code: 0, msg: '运行正常', data: { status: 'ok' } }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const [database, kv] = await Promise.all([
      within(sql`select 1`.execute(app.db), PROBE_TIMEOUT_MS).then(
        () => 'up' as const,
        (err: unknown) => (request.log.warn({ err }, 'database not reachable'), 'down' as const),
      ),
      within(app.kv.get('readyz'), PROBE_TIMEOUT_MS).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    if (database === 'up') return { code: 0, msg: '服务就绪', data: { status: 'ready', database, kv } };
    return reply
      .code(503)
      .header('retry-after', String(OUTAGE_RETRY_SECONDS))
      .send({ code: 503, msg: '数据库暂时无法连接', data: { status: 'unavailable', database, kv } });
  });
}
