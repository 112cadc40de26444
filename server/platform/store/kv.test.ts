import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryKv, RedisKv, type Kv } from './kv.ts';

/** The kv contract, on the in-process store and (when TEST_REDIS_URL is set) on Redis. */
const stores: [string, () => Kv][] = [['memory', () => new MemoryKv()]];
if (process.env.TEST_REDIS_URL) stores.push(['redis', () => new RedisKv(process.env.TEST_REDIS_URL!, `kvtest-${randomBytes(4).toString('hex')}:`)]);

for (const [name, make] of stores) {
  describe(`kv store [${name}]`, () => {
    const kv = make();
    afterAll(async () => {
      await kv.delPrefix('');
      await kv.close();
    });

    it('keeps strings and buffers until they expire', async () => {
      await kv.set('a', 'x', 60);
      await kv.set('b', Buffer.from([0, 1, 255]), 60);
      expect(await kv.get('a')).toBe('x');
      expect([...(await kv.getBuffer('b'))!]).toEqual([0, 1, 255]);
      await kv.set('short', 'y', 1);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await kv.get('short')).toBeNull();
    });

    it('spends a value once with take', async () => {
      await kv.set('code', '1234', 60);
      expect(await kv.take('code')).toBe('1234');
      expect(await kv.take('code')).toBeNull();
    });

    it('sets only when absent', async () => {
      expect(await kv.setIfAbsent('lock', '1', 60)).toBe(true);
      expect(await kv.setIfAbsent('lock', '2', 60)).toBe(false);
      expect(await kv.get('lock')).toBe('1');
    });

    it('counts with a window that starts at the first increment', async () => {
      expect(await kv.incr('n', 60)).toBe(1);
      expect(await kv.incr('n', 60)).toBe(2);
      const ttl = await kv.ttl('n');
      expect(ttl).toBeGreaterThan(55);
      expect(ttl).toBeLessThanOrEqual(60);
      expect(await kv.ttl('missing')).toBe(-1);
    });

    it('deletes by key and by prefix', async () => {
      await kv.set('page:/a', '1', 60);
      await kv.set('page:/b', '2', 60);
      await kv.set('other', '3', 60);
      await kv.delPrefix('page:');
      expect(await kv.get('page:/a')).toBeNull();
      expect(await kv.get('page:/b')).toBeNull();
      expect(await kv.get('other')).toBe('3');
      await kv.del('other');
      expect(await kv.get('other')).toBeNull();
    });
  });
}
