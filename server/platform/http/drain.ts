import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking requests (each new one gets a 503 envelope and `connection: close`) and resolves
     * once the requests already under way have been answered, or after `timeoutMs`.
     */
    drain(timeoutMs: number): Promise<void>;
  }
}

export const DRAINING_MESSAGE = '服务正在重启，请稍后重试';

/**
 * Graceful stop. Fastify's own close() stops listening at once, so a request arriving meanwhile
 * is refused at the socket, and one on a kept-alive connection gets Fastify's bare 503. Draining
 * first keeps the port open and answers new requests with the envelope (and /readyz with 503, so
 * the load balancer takes the instance out) while uploads and saves under way finish.
 * Registered after the security headers, so the 503 carries them and the request id.
 */
export const drainPlugin = fp(async function drain(app: FastifyInstance) {
  let draining = false;
  let inFlight = 0;
  let settled: (() => void) | null = null;

  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) {
      reply.code(503).header('connection', 'close').header('retry-after', '5').send({ code: 503, msg: DRAINING_MESSAGE, data: null });
      return;
    }
    inFlight++;
    // 'close' comes whether the answer was sent or the client went away.
    reply.raw.once('close', () => {
      if (--inFlight === 0) settled?.();
    });
    done();
  });

  app.decorate('drain', async (timeoutMs: number) => {
    draining = true;
    app.frontDoor.close(); // the page cache's answers before Fastify stop too: every request gets the 503
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => {
      settled = resolve;
      setTimeout(resolve, timeoutMs).unref();
    });
  });
});
