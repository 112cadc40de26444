import { createHash, randomBytes } from 'node:crypto';

/**
 * Scripts in pages (docs/decisions.md "Scripts under the CSP"). The policy every reply carries
 * allows scripts from the site only (`script-src 'self'`); a page adds the inline scripts React
 * Router writes (hydration data, the module loader, scroll restoration) in one of two ways:
 * - a page rendered for one visitor gets a fresh nonce, written on each of its scripts;
 * - a page rendered for the page cache is served as the same bytes to many visitors, so a nonce
 *   in it would be public and reusable: its policy lists the SHA-256 of each inline script
 *   instead, computed once when the page is rendered and stored with it.
 */

const NONCE_BYTES = 16;
/**
 * Random bytes for 64 nonces at a time: a call to the secure generator costs 6 µs in a loop and
 * was 2% of an uncached render's CPU in a profile of the loaded server; a slice costs nothing.
 */
let pool = Buffer.alloc(0);
let taken = 0;

/** 128 random bits, base64: never two alike, each drawn from the system's secure generator. */
export function newNonce(): string {
  if (taken >= pool.length) {
    pool = randomBytes(64 * NONCE_BYTES);
    taken = 0;
  }
  taken += NONCE_BYTES;
  return pool.toString('base64', taken - NONCE_BYTES, taken);
}

/** `policy` with `sources` added to its script-src directive. */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (!sources.length) return policy;
  return policy
    .split(';')
    .map((d) => (d.trim().startsWith('script-src ') ? `${d} ${sources.join(' ')}` : d))
    .join(';');
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;

/**
 * `'sha256-…'` of each inline script of an HTML document, as the browser hashes them: the bytes
 * between the tags. Read as latin1 so that each character is one byte and the UTF-8 bytes of the
 * script are hashed unchanged.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const text = html.toString('latin1');
  const hashes = new Set<string>();
  for (const [, attrs, body] of text.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(Buffer.from(body, 'latin1')).digest('base64')}'`);
  }
  return [...hashes];
}
