import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { HSTS } from './security-headers.ts';
import { pathOf, type AccessLog } from '../runtime/logging.ts';

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

/** The request headers an answer before Fastify reads. */
export interface FrontHeaders {
  authorization: string | undefined;
  cookie: string | undefined;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  requestId: string | undefined;
  forwardedProto: string | undefined;
}

const FIELDS = new Map<string, keyof FrontHeaders>([
  ['authorization', 'authorization'],
  ['cookie', 'cookie'],
  ['accept-encoding', 'acceptEncoding'],
  ['if-none-match', 'ifNoneMatch'],
  ['x-request-id', 'requestId'],
  ['x-forwarded-proto', 'forwardedProto'],
]);
/** Their names' lengths: most headers of a request are none of them, and say so by length alone. */
const FIELD_LENGTHS = new Set([...FIELDS.keys()].map((name) => name.length));

/**
 * The headers of `FrontHeaders`, read from `rawHeaders`: `req.headers` builds an object of every
 * header, which cost as much as the rest of a hit's JavaScript (CPU profile under 304s, docs/decisions.md "Page cache hits before Fastify").
 * Null when one of them comes twice: Node joins such copies by rules of its own, so the request
 * takes Fastify's way, which applies them.
 */
export function frontHeaders(raw: readonly string[]): FrontHeaders | null {
  const h: FrontHeaders = { authorization: undefined, cookie: undefined, acceptEncoding: undefined, ifNoneMatch: undefined, requestId: undefined, forwardedProto: undefined };
  for (let i = 0; i < raw.length; i += 2) {
    if (!FIELD_LENGTHS.has(raw[i].length)) continue;
    const field = FIELDS.get(raw[i].toLowerCase());
    if (field === undefined) continue;
    if (h[field] !== undefined) return null;
    h[field] = raw[i + 1];
  }
  return h;
}

/**
 * A header list (name, value, name, value…) ready to send, over http and over https (with HSTS),
 * each ending in the request id's slot, filled just before the list is written.
 */
export interface ReadyHeaders {
  http: string[];
  https: string[];
}

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
  /** Fastify's genReqId, from the caller's X-Request-Id. */
  requestId: (given: string | undefined) => string;
  /** The access line of each answer given here (platform/runtime/logging.ts); null when not logged. */
  accessLog: AccessLog | null;
}

/** Told of each answer given here, with its time in seconds (GET /metrics, platform/metrics). */
export type FrontObserver = (method: string, status: number, seconds: number) => void;

export class FrontDoor {
  private handler: FrontHandler | null = null;
  private open = true;
  private observer: FrontObserver | null = null;

  constructor(readonly options: FrontDoorOptions) {}

  /** The one handler tried before Fastify. */
  use(handler: FrontHandler): void {
    this.handler = handler;
  }

  observe(observer: FrontObserver): void {
    this.observer = observer;
  }

  /** From now on every request goes to Fastify (draining, closing: its 503 and connection: close). */
  close(): void {
    this.open = false;
  }

  /** Whether the request came over https, as Fastify's `request.protocol` says. */
  https(req: IncomingMessage, h: FrontHeaders): boolean {
    const proto = h.forwardedProto;
    if (this.options.trustProxy && proto) return lastEntry(proto) === 'https';
    return (req.socket as { encrypted?: boolean }).encrypted === true;
  }

  /** `headers` as `send` takes them, made once per answer kept (a cached page's, say). */
  ready(headers: readonly string[]): ReadyHeaders {
    return { http: [...headers, 'x-request-id', ''], https: [...headers, 'strict-transport-security', HSTS, 'x-request-id', ''] };
  }

  /** Writes a whole answer: `headers` with the request id, then `body` (none for a 304 or a HEAD). */
  send(req: IncomingMessage, res: ServerResponse, h: FrontHeaders, status: number, headers: ReadyHeaders, body: Buffer | null): void {
    const id = this.options.requestId(h.requestId);
    const log = this.options.accessLog;
    const observer = this.observer;
    const started = log || observer ? performance.now() : 0;
    const all = this.https(req, h) ? headers.https : headers.http;
    // writeHead turns the list into the head's bytes at once, so one list serves every request.
    all[all.length - 1] = id;
    res.writeHead(status, all);
    if (body && req.method !== 'HEAD') res.end(body);
    else res.end();
    if (!log && !observer) return;
    // Only anonymous requests come this way; the time runs from the handler's start, as Fastify's does.
    const ms = performance.now() - started;
    observer?.(req.method!, status, ms / 1000);
    if (log) log({ reqId: id, method: req.method!, path: pathOf(req.url!), status, ms: Math.round(ms * 100) / 100, user: 'anonymous' });
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
