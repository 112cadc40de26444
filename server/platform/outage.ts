/**
 * A party the portal depends on (the database, Redis, the file store, the SMS gateway) could not
 * be reached. Not the request's fault and not a bug: the error handler answers 503 with
 * `Retry-After` and a sentence (platform/http/errors.ts), and the request may simply be repeated
 * (docs/operations.md "故障与恢复").
 */
export class OutageError extends Error {
  constructor(
    readonly dependency: 'database' | 'kv' | 'files' | 'sms' | 'sso',
    /** What the user reads; null: the general 系统繁忙，请稍后再试. */
    readonly userMessage: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable${options?.cause instanceof Error ? `: ${options.cause.message}` : ''}`, options);
  }
}

/** Seconds a client is asked to wait before trying again. */
export const OUTAGE_RETRY_SECONDS = 5;

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), the server shutting
 * down or starting up (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), and
 * too many connections (53300). Codes, not messages: a server with another lc_messages words them
 * in its own language.
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** The socket's own errors: the party is not there, or went away mid-request. */
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
/**
 * node-postgres's errors for a connection that died or never came, which carry no code; and
 * SQLite's busy timeout, a write lock held past 5 s (the disk stalling, a backup's long read).
 */
const PG_CLIENT_MESSAGES = /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/** True when `err` (or what it wraps) says a dependency is unreachable rather than that the request or the code is wrong. */
export function isOutage(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  if (err instanceof OutageError) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || NET_UNAVAILABLE.has(code) || code === 'SQLITE_BUSY')) return true;
  if (PG_CLIENT_MESSAGES.test(err.message)) return true;
  return isOutage(err.cause, depth + 1);
}
