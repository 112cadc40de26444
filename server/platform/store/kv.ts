import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { OutageError } from '../outage.ts';

/**
 * Short-lived shared state: captcha answers, SMS codes, rate-limit counters, the page cache.
 * In-process by default; Redis when REDIS_URL is set, so that several instances share it.
 * Values are strings or Buffers; every key has a time to live.
 */
export interface Kv {
  get(key: string): Promise<string | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  set(key: string, value: string | Buffer, ttlSeconds: number): Promise<void>;
  /** Sets only when absent; true when it was set (a lock, a once-only flag). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Reads and deletes in one step: a value can be spent only once. */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Adds one, starting the time to live at the first increment; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds left, or -1 when the key does not exist. */
  ttl(key: string): Promise<number>;
  /** Deletes every key that starts with the prefix. */
  delPrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  value: string | Buffer;
  expiresAt: number;
}

export class MemoryKv implements Kv {
  private readonly map = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly maxEntries = 50_000) {
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  private live(key: string, now = Date.now()): Entry | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep() {
    const t = Date.now();
    for (const [k, e] of this.map) if (e.expiresAt <= t) this.map.delete(k);
  }

  private put(key: string, value: string | Buffer, ttlSeconds: number) {
    // Oldest first out when full: a Map iterates in insertion order.
    if (this.map.size >= this.maxEntries && !this.map.has(key)) this.map.delete(this.map.keys().next().value!);
    this.map.delete(key);
    this.map.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }

  /** The value at `now`, without waiting: this store is this process's memory. */
  peek(key: string, now: number): string | null {
    const v = this.live(key, now)?.value;
    return v === undefined ? null : v.toString();
  }
  async get(key: string) {
    const v = this.live(key)?.value;
    return v === undefined ? null : v.toString();
  }
  async getBuffer(key: string) {
    const v = this.live(key)?.value;
    return v === undefined ? null : Buffer.isBuffer(v) ? v : Buffer.from(v);
  }
  async set(key: string, value: string | Buffer, ttlSeconds: number) {
    this.put(key, value, ttlSeconds);
  }
  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    if (this.live(key)) return false;
    this.put(key, value, ttlSeconds);
    return true;
  }
  async take(key: string) {
    const v = this.live(key)?.value;
    this.map.delete(key);
    return v === undefined ? null : v.toString();
  }
  async del(...keys: string[]) {
    for (const k of keys) this.map.delete(k);
  }
  async incr(key: string, ttlSeconds: number) {
    const e = this.live(key);
    if (!e) {
      this.put(key, '1', ttlSeconds);
      return 1;
    }
    const n = Number(e.value) + 1;
    e.value = String(n);
    return n;
  }
  async ttl(key: string) {
    const e = this.live(key);
    return e ? Math.ceil((e.expiresAt - Date.now()) / 1000) : -1;
  }
  async delPrefix(prefix: string) {
    for (const k of this.map.keys()) if (k.startsWith(prefix)) this.map.delete(k);
  }
  async close() {
    clearInterval(this.sweeper);
    this.map.clear();
  }
}

/**
 * Redis, riding through its restarts (docs/operations.md "故障与恢复"). ioredis reconnects by
 * itself, forever, at most 2 s apart. Once it has been connected, a command while it is not is
 * refused at once instead of queued (and one that gets no answer in 2 s gives up): a request must
 * not hang for an outage of unknown length, so it fails straight away with an OutageError and
 * each caller decides: the page cache renders without it, rate limits and codes answer 503 (fail
 * closed), the session check lets reads through (session.service.ts). Before the first connection,
 * at start, commands wait for it as usual.
 */
export class RedisKv implements Kv {
  readonly redis: Redis;
  private connected = false;

  constructor(
    url: string,
    private readonly namespace = 'portal:',
    log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {
    // Loaded only when REDIS_URL is set: without it, ioredis would add ~7 MB to every process for nothing.
    const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.redis = new Client(url, {
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
      connectTimeout: 5_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    // Unheard, ioredis prints every failed reconnection to the console; one line per outage instead.
    let down = false;
    this.redis.on('error', (err: Error) => {
      if (!down) log?.warn({ err: { message: err.message } }, 'Redis 连接中断，正在重新连接');
      down = true;
    });
    this.redis.on('ready', () => {
      if (down) log?.info('Redis 已重新连接');
      down = false;
      this.connected = true;
    });
  }

  private k(key: string) {
    return this.namespace + key;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.connected && this.redis.status !== 'ready') throw new OutageError('kv');
    try {
      return await command();
    } catch (err) {
      // Redis's own replies (WRONGTYPE ...) are bugs, not outages.
      if (err instanceof Error && err.name === 'ReplyError') throw err;
      throw new OutageError('kv', null, { cause: err });
    }
  }

  async get(key: string) {
    return this.run(() => this.redis.get(this.k(key)));
  }
  async getBuffer(key: string) {
    return this.run(() => this.redis.getBuffer(this.k(key)));
  }
  async set(key: string, value: string | Buffer, ttlSeconds: number) {
    await this.run(() => this.redis.set(this.k(key), value, 'EX', ttlSeconds));
  }
  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.run(() => this.redis.set(this.k(key), value, 'EX', ttlSeconds, 'NX'))) === 'OK';
  }
  async take(key: string) {
    return this.run(() => this.redis.getdel(this.k(key)));
  }
  async del(...keys: string[]) {
    if (keys.length) await this.run(() => this.redis.del(...keys.map((k) => this.k(k))));
  }
  async incr(key: string, ttlSeconds: number) {
    const replies = await this.run(() => this.redis.multi().incr(this.k(key)).expire(this.k(key), ttlSeconds, 'NX').exec());
    // exec() answers null when the transaction was discarded (the connection dropped mid-way).
    if (!replies) throw new OutageError('kv');
    const [[err, n]] = replies as [[Error | null, number]];
    if (err) throw err;
    return n;
  }
  async ttl(key: string) {
    const t = await this.run(() => this.redis.ttl(this.k(key)));
    return t < 0 ? -1 : t;
  }
  async delPrefix(prefix: string) {
    let cursor = '0';
    do {
      const [next, keys] = await this.run(() => this.redis.scan(cursor, 'MATCH', `${this.k(prefix)}*`, 'COUNT', 500));
      if (keys.length) await this.run(() => this.redis.del(...keys));
      cursor = next;
    } while (cursor !== '0');
  }
  async close() {
    // quit() waits for a connection that may never come back; disconnect() does not.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}

export function createKv(redisUrl: string | null, namespace?: string, log?: Pick<FastifyBaseLogger, 'warn' | 'info'>): Kv {
  return redisUrl ? new RedisKv(redisUrl, namespace, log) : new MemoryKv();
}
