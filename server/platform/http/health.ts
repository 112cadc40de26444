import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** /healthz: the process is alive. /readyz: it can reach its database (for the load balancer). */
export async function healthPlugin(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ code: 0, msg: '运行正常', data: { status: 'ok' } }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { code: 0, msg: '服务就绪', data: { status: 'ready' } };
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      return reply.code(503).send({ code: 503, msg: '数据库暂时无法连接', data: null });
    }
  });
}
