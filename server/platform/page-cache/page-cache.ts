import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { contentVersion, contentVersionNow } from './content-version.ts';
import { MemoryKv, type Kv } from '../store/kv.ts';
import { PageLru } from './page-lru.ts';

/**
 * The page cache of docs/product.md §9 (enableCache): public pages for visitors without a session, kept
 * compressed (gzip and brotli made once, at store time), so that a hit costs a lookup and a
 * write of a ready Buffer. Keys carry the content version and the platform's cache_version:
 * bumping either makes every old entry unreachable at once, on every instance.
 * Where pages live: with Redis as the kv store, in Redis (shared by every instance) behind a
 * one-second in-process mirror; with the in-process kv, in a byte-bounded LRU only, because the
 * memory kv bounds entries by count and a few thousand query-string variants of a 50 KB page
 * must not be able to grow the process without limit. Locks always go through the kv store.
 */

export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export interface CachedPage {
  /** Response headers of the render, without the ones the cache sets itself. */
  headers: [string, string][];
  /** Strong validator of the uncompressed body, without quotes or encoding suffix. */
  etag: string;
  gzip: Buffer;
  br: Buffer;
  freshUntil: number;
  staleUntil: number;
  /** Bytes held, for the LRU's budget. */
  size: number;
}

export interface PageCacheOptions {
  kv: Kv;
  /** The platform's cache_version (services.site.info()). */
  cacheVersion: () => Promise<string>;
  freshSeconds?: number;
  staleSeconds?: number;
  /** Budget of the in-process LRU. */
  maxBytes?: number;
  /** A shared store that fails costs caching, never the page: failures are logged and bypassed. */
  log: FastifyBaseLogger;
}

const SESSION_COOKIES = ['web_access_token', 'web_refresh_token'];
/** Headers the cache writes itself (or that describe one encoding only), never stored. */
const OWN_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary', 'x-cache', 'date', 'connection', 'transfer-encoding']);
/** Longer URLs are rendered but not kept: they are almost never repeated, and they would crowd out real pages. */
const MAX_URL_LENGTH = 512;
/** URLs whose key peek() keeps at most, per variant (some 1,200 pages fit in the LRU). */
const PEEK_KEYS = 4096;

export const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export const hasSessionCookie = (cookie: string) => SESSION_COOKIES.some((name) => cookie.includes(`${name}=`));

/** A visitor without a session: no session cookie, no bearer token, no user. */
export function isAnonymous(request: FastifyRequest): boolean {
  if (request.user || request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  return !cookie || !hasSessionCookie(cookie);
}

const ONE_PLAIN_PARAM = /^[\w.-]+=[\w.-]+$/;

/** Path plus the query sorted by name, so that `?b=1&a=2` and `?a=2&b=1` share one entry. */
export function normalizedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  // One plain parameter (`?id=12`, the detail pages) is its own sorted form: no parsing on a hit.
  if (ONE_PLAIN_PARAM.test(url.slice(q + 1))) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, q)}?${query}` : url.slice(0, q);
}

function pack(p: CachedPage): Buffer {
  const meta = Buffer.from(JSON.stringify({ h: p.headers, e: p.etag, f: p.freshUntil, s: p.staleUntil, g: p.gzip.length }));
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(meta.length);
  return Buffer.concat([head, meta, p.gzip, p.br]);
}

function unpack(buf: Buffer): CachedPage | null {
  try {
    const metaEnd = 4 + buf.readUInt32BE(0);
    const m = JSON.parse(buf.subarray(4, metaEnd).toString()) as { h: [string, string][]; e: string; f: number; s: number; g: number };
    return {
      headers: m.h,
      etag: m.e,
      freshUntil: m.f,
      staleUntil: m.s,
      gzip: buf.subarray(metaEnd, metaEnd + m.g),
      br: buf.subarray(metaEnd + m.g),
      size: buf.length,
    };
  } catch {
    return null; // a foreign or truncated value: treat as a miss, the next store overwrites it
  }
}

/** The versions' part of every key: `content version:cache_version`. */
const prefixOf = (content: string, platform: string) => `${content}:${platform}`;
const keyFor = (prefix: string, url: string, variant: string | null) => `page:${prefix}:${variant ? `${variant}:` : ''}${normalizedUrl(url)}`;

/** A value fetched at most once per `ttlMs`, with concurrent callers sharing one fetch. */
class Memo {
  private value = '';
  private until = 0;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly fetch: () => Promise<string>,
    private readonly ttlMs: number,
  ) {}

  /** The value when it is known and still fresh at `now`, without fetching; otherwise null. */
  peek(now: number): string | null {
    return now < this.until ? this.value : null;
  }

  get(): Promise<string> | string {
    if (Date.now() < this.until) return this.value;
    this.pending ??= this.fetch()
      .then((v) => {
        this.value = v;
        this.until = Date.now() + this.ttlMs;
        return v;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}

export class PageCache {
  private readonly kv: Kv;
  private readonly local: PageLru<CachedPage>;
  /** The kv store is this process's memory: the LRU is then the whole store. */
  private readonly inProcess: boolean;
  private readonly freshMs: number;
  private readonly staleMs: number;
  private readonly contentVersion: Memo;
  private readonly platformVersion: Memo;
  /** The versions the entries in `local` were stored under (versionPrefix() clears it when they change). */
  private lastContent = '';
  private lastPlatform = '';
  /**
   * The entry key of each URL peek() found, per variant, under the last versions (cleared with them):
   * a hit then hashes its short URL once instead of building and hashing the whole key.
   */
  private readonly peekKeys = new Map<string | null, Map<string, string>>();
  private readonly renders = new Map<string, Promise<CachedPage | null>>();
  private readonly revalidating = new Set<string>();

  constructor(private readonly opts: PageCacheOptions) {
    this.kv = opts.kv;
    this.inProcess = opts.kv instanceof MemoryKv;
    this.freshMs = (opts.freshSeconds ?? 30) * 1000;
    this.staleMs = (opts.staleSeconds ?? 600) * 1000;
    // ~13 KB a page (gzip + brotli): some 1,200 pages, within the process's 300 MB budget.
    this.local = new PageLru<CachedPage>(opts.maxBytes ?? 16 * 1024 * 1024);
    this.contentVersion = new Memo(() => contentVersion(this.kv), this.inProcess ? 0 : 1000);
    this.platformVersion = new Memo(opts.cacheVersion, 1000);
  }

  /**
   * `content version:cache_version`. The content version is read from the kv store on every
   * request when that is in-process (a Map lookup) and at most once a second from a shared store,
   * so a purge reaches other instances within a second; cache_version at most once a second.
   */
  private async versionPrefix(): Promise<string> {
    // With Redis down this is the last version this process knew (content-version.ts).
    const content = await this.contentVersion.get();
    const platform = await this.platformVersion.get();
    if (content !== this.lastContent || platform !== this.lastPlatform) {
      this.local.clear(); // entries under the old versions can never be asked for again
      this.peekKeys.clear();
      this.lastContent = content;
      this.lastPlatform = platform;
    }
    return prefixOf(content, platform);
  }

  /**
   * The entry key of a request, or null when the URL is not worth keeping (or the store is down).
   * `variant` names a rendering other than the default one of the URL (care mode: `care`).
   */
  async keyOf(url: string, variant: string | null = null): Promise<string | null> {
    if (url.length > MAX_URL_LENGTH) return null;
    try {
      return keyFor(await this.versionPrefix(), url, variant);
    } catch (err) {
      this.opts.log.warn({ err }, '页面缓存不可用，本次请求直接渲染');
      return null;
    }
  }

  /**
   * A fresh page for `url` when one is at hand right now, without waiting for anything: the
   * versions known (the in-process content version, or ones read less than a second ago) and
   * the page in this process's memory. Null otherwise, and the request takes the usual way
   * (keyOf, get), which reads the versions, serves stale pages and fills misses. Used before
   * Fastify (http/front-door.ts), so it must agree with that way on every request it answers.
   */
  peek(url: string, variant: string | null = null): CachedPage | null {
    if (url.length > MAX_URL_LENGTH) return null;
    // One clock read for the whole lookup: on the bench's virtual machine a read costs ~90 ns, and
    // each of the four below once read its own.
    const now = Date.now();
    const content = this.inProcess ? contentVersionNow(this.kv, now) : this.contentVersion.peek(now);
    const platform = this.platformVersion.peek(now);
    if (content === null || platform === null) return null;
    // A changed version clears the old entries in versionPrefix(): leave that to the usual way.
    if (content !== this.lastContent || platform !== this.lastPlatform) return null;
    let keys = this.peekKeys.get(variant);
    if (!keys) this.peekKeys.set(variant, (keys = new Map()));
    const known = keys.get(url);
    const key = known ?? keyFor(prefixOf(content, platform), url, variant);
    const page = this.local.get(key, now);
    if (!page) return null;
    // Only URLs that had a page are remembered, at most PEEK_KEYS of them (a few times the LRU's pages).
    if (known === undefined) {
      if (keys.size >= PEEK_KEYS) keys.clear();
      keys.set(url, key);
    }
    return page.freshUntil > now ? page : null;
  }

  async get(key: string): Promise<CachedPage | null> {
    const near = this.local.get(key);
    if (near) return near;
    if (this.inProcess) return null;
    const buf = await this.kv.getBuffer(key).catch((err: unknown) => {
      this.opts.log.warn({ err }, '读取页面缓存失败');
      return null;
    });
    const page = buf && unpack(buf);
    if (!page || page.staleUntil <= Date.now()) return null;
    // A one-second mirror: hot pages cost one Redis round trip per second per instance.
    this.local.set(key, page, Math.min(page.staleUntil, Date.now() + 1000));
    return page;
  }

  /** Compresses and keeps a render; null when it must not be cached (not a 200, sets cookies). */
  async put(key: string, render: RenderedPage): Promise<CachedPage | null> {
    if (render.status !== 200 || render.headers.some(([k, v]) => k === 'set-cookie' || (k === 'cache-control' && /no-store|private/.test(v)))) {
      await this.drop(key);
      return null;
    }
    // On a 30 KB page: brotli 5 takes 0.7 ms for 6.2 KB, brotli 9 13 ms for 6.1 KB, brotli 11
    // 47 ms for 5.6 KB; gzip 6 and 9 give the same size. A miss waits for these, so the cheap ones.
    const [gz, br] = await Promise.all([
      gzipAsync(render.body, { level: 6 }),
      brotliAsync(render.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: render.body.length } }),
    ]);
    const now = Date.now();
    const page: CachedPage = {
      headers: render.headers.filter(([k]) => !OWN_HEADERS.has(k)),
      etag: createHash('sha256').update(render.body).digest('base64url').slice(0, 32),
      gzip: gz,
      br,
      freshUntil: now + this.freshMs,
      staleUntil: now + this.freshMs + this.staleMs,
      size: 0,
    };
    const packed = pack(page);
    const stored = unpack(packed)!; // views into the one packed Buffer: memory held once
    // Only a mirror of what Redis holds, unless Redis could not take it: then this process's copy is the page.
    const shared =
      !this.inProcess &&
      (await this.kv.set(key, packed, Math.ceil((this.freshMs + this.staleMs) / 1000)).then(
        () => true,
        (err: unknown) => (this.opts.log.warn({ err }, '写入页面缓存失败'), false),
      ));
    this.local.set(key, stored, shared ? Math.min(stored.staleUntil, now + 1000) : stored.staleUntil);
    return stored;
  }

  async drop(key: string): Promise<void> {
    this.local.delete(key);
    if (!this.inProcess) await this.kv.del(key).catch((err: unknown) => this.opts.log.warn({ err }, '删除页面缓存失败'));
  }

  /**
   * A miss: renders and keeps the page. Concurrent misses of one URL in this process share the
   * render; a render that must not be cached (a 404, a page setting cookies) is handed back as it is.
   */
  async fill(key: string, render: () => Promise<RenderedPage>): Promise<{ page: CachedPage } | { render: RenderedPage }> {
    const shared = this.renders.get(key);
    if (shared) {
      const page = await shared;
      if (page) return { page };
    }
    const rendered = render();
    const kept = rendered.then((r) => this.put(key, r));
    const mine = kept.catch(() => null);
    this.renders.set(key, mine);
    try {
      const page = await kept;
      return page ? { page } : { render: await rendered };
    } finally {
      if (this.renders.get(key) === mine) this.renders.delete(key);
    }
  }

  /**
   * Stale-while-revalidate: one background render per URL across every instance (a kv lock),
   * errors logged and the stale copy kept until it expires or the render says the page is gone.
   */
  revalidate(key: string, render: () => Promise<RenderedPage>, onError: (err: unknown) => void): void {
    if (this.revalidating.has(key)) return;
    this.revalidating.add(key);
    const lock = `page-lock:${key}`;
    void (async () => {
      try {
        if (!(await this.kv.setIfAbsent(lock, '1', 30))) return;
        try {
          await this.put(key, await render());
        } finally {
          await this.kv.del(lock);
        }
      } catch (err) {
        onError(err);
      } finally {
        this.revalidating.delete(key);
      }
    })();
  }
}
