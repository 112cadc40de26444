import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * api.md "Values": strings are trimmed on the way in; empty strings in a JSON body become null
 * and empty query parameters are dropped, so an optional field left blank is simply absent.
 */
function clean(value: unknown, emptyAs: null | undefined): unknown {
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? emptyAs : t;
  }
  if (Array.isArray(value)) return value.map((v) => clean(v, emptyAs));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = clean(v, emptyAs);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return value;
}

export const trimPlugin = fp(async function trim(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object') request.query = clean(request.query, undefined);
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
      request.body = clean(request.body, null);
    }
  });
});
