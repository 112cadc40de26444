import { randomFillSync } from 'node:crypto';

/**
 * Request ids (`x-request-id`, the `reqId` of log lines): 16 random bytes as 32 hex digits, the
 * shape of a W3C trace id. Read from a pool of random bytes filled 256 ids at a time, as one
 * flat string: `randomUUID` joins its 36 characters from 20 pieces, which the header check of
 * every reply then has to flatten (~0.2 µs of a cached 304's ~20, docs/decisions.md "Headers worked out once").
 */
const ID_BYTES = 16;
const pool = Buffer.alloc(ID_BYTES * 256);
let taken = pool.length;

export function newRequestId(): string {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const id = pool.toString('hex', taken, taken + ID_BYTES);
  taken += ID_BYTES;
  return id;
}

/** The caller's X-Request-Id when it looks like one, else a new id. */
export function requestId(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : newRequestId();
}
