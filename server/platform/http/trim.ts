import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors.ts';

/** What a value holding U+0000 is told: no form types it, and PostgreSQL cannot keep it in text. */
export const NUL_MESSAGE = '内容中含有无法保存的空字符（\\0），请删除后重新提交';

/**
 * No form nests deeper than a few levels; a body thousands of levels deep is an attack on every
 * recursive walk after this one (validation, masking for the audit row) and would end as a 500.
 */
export const MAX_DEPTH = 32;
export const DEPTH_MESSAGE = `提交的内容层级过深（超过 ${MAX_DEPTH} 层），请检查后重新提交`;

/**
 * docs/api.md "Values": strings are trimmed on the way in; empty strings in a JSON body become null
 * and empty query parameters are dropped, so an optional field left blank is simply absent. A
 * string with a NUL character is refused here, once for every call, naming the field: PostgreSQL
 * refuses it in a query's parameters, which would otherwise end as a 500.
 */
function clean(value: unknown, emptyAs: null | undefined, path: string, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw badRequest(NUL_MESSAGE, { [path || '_']: NUL_MESSAGE });
    const t = value.trim();
    return t === '' ? emptyAs : t;
  }
  if (depth > MAX_DEPTH && value && typeof value === 'object') throw badRequest(DEPTH_MESSAGE);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(value)) return value.map((v, i) => clean(v, emptyAs, at(i), depth + 1));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = clean(v, emptyAs, at(k), depth + 1);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return value;
}

export const trimPlugin = fp(async function trim(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Fastify's query parser makes objects without Object.prototype: copied, so they are cleaned too.
    if (request.query && typeof request.query === 'object') request.query = clean({ ...request.query }, undefined, '');
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
      request.body = clean(request.body, null, '');
    }
  });
});
