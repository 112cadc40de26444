import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { HSTS } from './security-headers.ts';

/**
 * A way in before Fastify (docs/decisions.md "Page cache hits before Fastify"). The page cache
 * answers most public traffic from memory, and Fastify's request objects, routing and hooks cost
 * several times what writing a ready Buffer does. The HTTP server is made here (Fastify's
 * `serverFactory`) and hands each request first to the one handler registered with `use()`,
 * which answers it completely and returns true, or returns false, and Fastify takes the request
 * as before. What Fastify would add to such an answer is added here the same way: the security
 * headers, HSTS when the request came over https, `x-request-id` and the access log lines.
 * `app.inject()` never comes through here (it calls Fastify directly), nor does anything once
 * the server drains or closes.
 */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The X-Forwarded-* value a trusted proxy appended last, as Fastify reads it. */
const lastEntry = (value: string) => {
  const i = value.lastIndexOf(',');
  return (i < 0 ? value : value.slice(i + 1)).trim();
};

export interface FrontDoorOptions {
  /** The headers every reply carries (security-headers.ts), already worked out. */
  securityHeaders: Record<string, string>;
  /** TRUST_PROXY: X-Forwarded-Proto/-Host/-For of the peer are believed. */
  trustProxy: boolean;
  /** Fastify's genReqId. */
  requestId: (req: IncomingMessage) => string;
}

export class FrontDoor {
  private handler: FrontHandler | null = null;
  private open = true;
  private log: FastifyBaseLogger | null = null;

  constructor(readonly options: FrontDoorOptions) {}

  /** The one handler tried before Fastify. */
  use(handler: FrontHandler, log: FastifyBaseLogger): void {
    this.handler = handler;
    // Fastify logs every request at info ("incoming request", "request completed"): so does this.
    const levels = log as unknown as { isLevelEnabled?: (level: string) => boolean };
    this.log = levels.isLevelEnabled?.('info') ? log : null;
  }

  /** From now on every request goes to Fastify (draining, closing: its 503 and connection: close). */
  close(): void {
    this.open = false;
  }

  /** Whether the request came over https, as Fastify's `request.protocol` says. */
  https(req: IncomingMessage): boolean {
    const proto = req.headers['x-forwarded-proto'];
    if (this.options.trustProxy && typeof proto === 'string' && proto) return lastEntry(proto) === 'https';
    return (req.socket as { encrypted?: boolean }).encrypted === true;
  }

  /**
   * Writes a whole answer: `headers` (name, value, name, value…) with HSTS over https and the
   * request id added, then `body` (none for a 304 or a HEAD).
   */
  send(req: IncomingMessage, res: ServerResponse, status: number, headers: readonly string[], body: Buffer | null): void {
    const id = this.options.requestId(req);
    const log = this.log?.child({ reqId: id }) ?? null;
    const started = log ? performance.now() : 0;
    if (log) log.info({ req: this.logView(req) }, 'incoming request');
    const all = this.https(req) ? [...headers, 'strict-transport-security', HSTS, 'x-request-id', id] : [...headers, 'x-request-id', id];
    res.writeHead(status, all);
    if (body && req.method !== 'HEAD') res.end(body);
    else res.end();
    if (log) res.once('finish', () => log.info({ res: { statusCode: status }, responseTime: performance.now() - started }, 'request completed'));
  }

  /** What Fastify's `req` log serializer reads from a request. */
  private logView(req: IncomingMessage) {
    const socket = req.socket;
    const forwardedFor = req.headers['x-forwarded-for'];
    const forwardedHost = req.headers['x-forwarded-host'];
    const trusted = this.options.trustProxy;
    return {
      method: req.method,
      url: req.url,
      headers: req.headers,
      host: trusted && typeof forwardedHost === 'string' && forwardedHost ? lastEntry(forwardedHost) : (req.headers.host ?? ''),
      // Trusting every proxy, Fastify takes the first (client-most) X-Forwarded-For address.
      ip: trusted && typeof forwardedFor === 'string' && forwardedFor ? forwardedFor.split(',')[0].trim() : socket.remoteAddress,
      socket,
    };
  }

  /** Fastify's `serverFactory`: the HTTP/1 server Fastify would make, with this door in front. */
  readonly serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    // Fastify has filled in its defaults by now (72 s keep-alive...).
    const o = options as unknown as { http?: ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number | null };
    const server: Server = createServer(o.http ?? {}, (req, res) => {
      if (this.open && this.handler?.(req, res)) return;
      fastifyHandler(req, res);
    });
    // As Fastify sets up its own server (fastify/lib/server.js).
    server.keepAliveTimeout = o.keepAliveTimeout;
    server.requestTimeout = o.requestTimeout;
    server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket && o.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };
}
