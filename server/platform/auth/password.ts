import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { concurrencyLimit } from '#server/platform/http/concurrency.ts';
import { ROOT_DIR } from '#server/paths.ts';

/**
 * Password hashing with node's scrypt. Each hash carries its algorithm and parameters
 * (`scrypt$N$r$p$salt$hash`, base64url), so the cost can be raised later: old hashes still verify
 * and are re-hashed at the next successful login (`needsRehash`).
 *
 * N=2^15, r=8, p=3 is one of OWASP's recommended scrypt settings (32 MiB per hash); the
 * measurement and the reasoning are in docs/decisions.md ("Accounts and sessions").
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

// Hashes at a time: one core fewer than the machine has (one on two cores). More would not finish
// sooner, each holds 32 MiB while it runs and a thread of libuv's pool, which file reads and
// uploads need too, and the core left over keeps serving pages through a burst of logins, which
// waits its turn (docs/decisions.md, "One password hash at a time on two cores").
const hashing = concurrencyLimit(Math.max(1, availableParallelism() - 1));

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (![params.N, params.r, params.p].every(Number.isInteger) || params.N < 2 || params.N > 2 ** 20 || params.r > 32 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    // Same work as a real check, so the reply time does not tell whether the account exists.
    await derive(password, DUMMY_SALT, SCRYPT_PARAMS);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
const DUMMY_SALT = randomBytes(SALT_BYTES);

/** True when the stored hash was made with other parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N !== SCRYPT_PARAMS.N || parsed.params.r !== SCRYPT_PARAMS.r || parsed.params.p !== SCRYPT_PARAMS.p;
}

let common: Set<string> | null = null;

/**
 * Commonly used passwords (leaked-password lists and the usual Chinese variants), compared
 * without case: `P@ssw0rd` and `p@ssw0rd` are the same guess to an attacker.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(path.join(ROOT_DIR, 'server/platform/auth/common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith('#')),
  );
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = '该密码过于常见，容易被猜中，请换一个';
