import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start-up and set on every reply. The Fastify
 * wrapper (@fastify/helmet) rebuilds helmet's middleware — parsing the whole CSP — on every
 * request, which cost more than serving a cached page does. The options are static, so the
 * headers are too.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** A browser that reached the site over https once keeps to https for a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS goes only on replies to requests that came over https: `request.protocol` is the
 * X-Forwarded-Proto of a trusted proxy (TRUST_PROXY) or plain http. On plain http the header would
 * be ignored by browsers, and sent by mistake from a test or intranet host it would lock a name
 * to https for a year.
 */
export const securityHeadersPlugin = fp(async function securityHeadersHook(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
});
