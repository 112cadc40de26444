import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FrontDoor, FrontHeaders, ReadyHeaders } from '../http/front-door.ts';
import { gzipAsync, type CachedPage, type RenderedPage } from './page-cache.ts';
import { PageLru } from './page-lru.ts';

/**
 * Writing pages to the wire: a cached page in the encoding the client prefers, with its ETag and
 * a 304 for a matching If-None-Match; a fresh render compressed on the way out.
 */

export type CacheState = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';
type Encoding = 'br' | 'gzip' | null;

/** HTML is revalidated on every visit (cheap: a 304); responses differ by encoding and by session. */
const PUBLIC_CACHE_CONTROL = 'no-cache';
const SESSION_CACHE_CONTROL = 'private, no-store';
const VARY = 'Accept-Encoding, Cookie';

const encodings = new Map<string, Encoding>();

function parseAcceptEncoding(header: string): Encoding {
  let br = false;
  let gz = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (name === 'br') br = accepted;
    else if (name === 'gzip') gz = accepted;
  }
  return br ? 'br' : gz ? 'gzip' : null;
}

/** Browsers send a handful of distinct Accept-Encoding values: parse each once. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return null;
  let enc = encodings.get(header);
  if (enc === undefined) {
    enc = parseAcceptEncoding(header);
    if (encodings.size < 200) encodings.set(header, enc);
  }
  return enc;
}

/** `If-None-Match` names this page: any of its encodings' tags, weak or strong, or `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, '').replace(/-(gz|br)$/, '') === etag);
}

/** A strong tag names one representation, so each encoding gets its own suffix. */
const etagOf = (page: CachedPage, enc: Encoding) => (enc === 'br' ? `"${page.etag}-br"` : enc === 'gzip' ? `"${page.etag}-gz"` : `"${page.etag}"`);

/**
 * Pages for clients without compression (curl, some crawlers), inflated once and kept by their
 * ETag (the hash of these very bytes, so an entry can never be out of date) in 4 MB of their own,
 * apart from the page cache's budget.
 */
const plainBodies = new PageLru<{ size: number; body: Buffer }>(4 * 1024 * 1024);

function plainBody(page: CachedPage): Buffer {
  const kept = plainBodies.get(page.etag);
  if (kept) return kept.body;
  const body = gunzipSync(page.gzip);
  plainBodies.set(page.etag, { size: body.length, body }, Number.POSITIVE_INFINITY);
  return body;
}

const bodyOf = (page: CachedPage, enc: Encoding) => (enc === 'br' ? page.br : enc === 'gzip' ? page.gzip : plainBody(page));

/** The page's own headers, set after the cache's: on a 304 too (see sendCached). */
function pageHeaders(page: CachedPage, enc: Encoding, state: CacheState): [string, string][] {
  return [['etag', etagOf(page, enc)], ['cache-control', PUBLIC_CACHE_CONTROL], ['vary', VARY], ['x-cache', state], ...page.headers];
}

export function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: CacheState) {
  const enc = preferredEncoding(request.headers['accept-encoding']);
  // On a 304 too: the browser replaces its stored headers with the 304's, and the page's script
  // hashes (its content-security-policy) must stay with the page it keeps.
  for (const [k, v] of pageHeaders(page, enc, state)) reply.header(k, v);
  if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  if (enc) reply.header('content-encoding', enc);
  return reply.send(bodyOf(page, enc));
}

/** The header lists of one cached page as a hit sends them: per encoding, 200 and 304. */
interface HitHeaders {
  ok: Record<'br' | 'gzip' | 'plain', ReadyHeaders>;
  notModified: Record<'br' | 'gzip' | 'plain', ReadyHeaders>;
  /**
   * The If-None-Match values that name the page exactly as its tags are sent (the common case).
   * Three, compared as they are: a Set hashes the request's new string first (~60 ns more a 304).
   */
  tags: string[];
}

/**
 * Page-cache hits written straight to the socket before Fastify (http/front-door.ts), with the
 * headers sendCached's way gives them (the security headers, then the page's, the encoding and
 * the length), worked out once per page. Only `HIT`: stale pages and misses go through Fastify.
 */
export function hitWriter(door: FrontDoor) {
  const lists = new WeakMap<CachedPage, HitHeaders>();
  const flat = (m: Map<string, string>) => door.ready([...m].flat());

  function headersOf(page: CachedPage): HitHeaders {
    let h = lists.get(page);
    if (h) return h;
    const ok = {} as HitHeaders['ok'];
    const notModified = {} as HitHeaders['notModified'];
    for (const enc of ['br', 'gzip', null] as const) {
      const m = new Map(Object.entries(door.options.securityHeaders));
      for (const [k, v] of pageHeaders(page, enc, 'HIT')) m.set(k, v);
      notModified[enc ?? 'plain'] = flat(m);
      if (!m.has('content-type')) m.set('content-type', 'application/octet-stream'); // as Fastify does for a Buffer
      if (enc) m.set('content-encoding', enc);
      // gzip's trailer holds the inflated length: no need to inflate for the plain one.
      m.set('content-length', String(enc ? bodyOf(page, enc).length : page.gzip.readUInt32LE(page.gzip.length - 4)));
      ok[enc ?? 'plain'] = flat(m);
    }
    h = { ok, notModified, tags: [etagOf(page, 'br'), etagOf(page, 'gzip'), etagOf(page, null)] };
    lists.set(page, h);
    return h;
  }

  return (req: IncomingMessage, res: ServerResponse, fh: FrontHeaders, page: CachedPage): void => {
    const enc = preferredEncoding(fh.acceptEncoding);
    const h = headersOf(page);
    const inm = fh.ifNoneMatch;
    if (inm !== undefined && (h.tags.includes(inm) || etagMatches(inm, page.etag))) {
      door.send(req, res, fh, 304, h.notModified[enc ?? 'plain'], null);
      return;
    }
    door.send(req, res, fh, 200, h.ok[enc ?? 'plain'], bodyOf(page, enc));
  };
}

/** A render that is not cached: compressed here, since the bridge bypasses Fastify's reply pipeline. */
export async function sendRendered(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, opts: { session: boolean; state?: CacheState }) {
  reply.code(page.status);
  for (const [k, v] of page.headers) {
    if (k === 'set-cookie') reply.header(k, [...((reply.getHeader('set-cookie') as string[] | undefined) ?? []), v].flat());
    else reply.header(k, v);
  }
  if (opts.session) reply.header('cache-control', SESSION_CACHE_CONTROL);
  else if (!page.headers.some(([k]) => k === 'cache-control')) reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  reply.header('vary', VARY);
  if (opts.state) reply.header('x-cache', opts.state);
  if (page.body.length > 1024 && preferredEncoding(request.headers['accept-encoding'])) {
    // gzip even when br is offered, at level 1: on the 37 KB home page 0.08 ms against 0.13 ms
    // for level 3 and 0.45 ms for level 6, for 4% and 13% more bytes. Cached pages are
    // compressed harder, once. On the thread pool: rendering is bound by the main thread, and
    // zlib was 8% of it (docs/decisions.md, "Uncached pages are compressed off the main thread").
    reply.header('content-encoding', 'gzip');
    return reply.send(await gzipAsync(page.body, { level: 1 }));
  }
  return reply.send(page.body);
}
