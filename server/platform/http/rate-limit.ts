import { AppError } from '#server/platform/http/errors.ts';
import type { Kv } from '#server/platform/store/kv.ts';

/**
 * Per client address, counted in the kv store so that several instances count once
 * (fixed windows: simple, and exact enough for abuse control).
 */
export const RATE_LIMITS = {
  captcha: { max: 30, windowSeconds: 60 },
  sms: { max: 10, windowSeconds: 3600 },
  login: { max: 30, windowSeconds: 600 },
  registry: { max: 10, windowSeconds: 3600 },
  reset: { max: 10, windowSeconds: 3600 },
  sso: { max: 30, windowSeconds: 600 },
  correction: { max: 5, windowSeconds: 3600 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export function waitText(seconds: number): string {
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} 分钟` : `${Math.max(1, seconds)} 秒`;
}

export function tooMany(msg: string, retryAfterSeconds: number) {
  return new AppError(429, msg, { retryAfter: retryAfterSeconds }, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
}

export async function limitByAddress(kv: Kv, name: RateLimitName, ip: string): Promise<void> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  const key = `rl:${name}:${ip}`;
  const n = await kv.incr(key, windowSeconds);
  if (n > max) {
    const left = await kv.ttl(key);
    throw tooMany(`操作过于频繁，请 ${waitText(left > 0 ? left : windowSeconds)}后再试`, left > 0 ? left : windowSeconds);
  }
}
