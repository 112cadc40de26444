import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * The process's log (docs/operations.md "日志"): JSON lines to stdout for the process manager,
 * written off the request's path. pino's own default writes each line with a blocking write(2),
 * and Fastify logs two lines a request: on cached pages that was half the throughput.
 *
 * Lines gather in memory and go out in writes of whole lines, at most PIPE_BUF (4 KB) each, so
 * that two workers sharing one pipe (WEB_CONCURRENCY) never tear each other's lines; at least
 * every quarter second, and all of them when the process exits. A process killed outright
 * (SIGKILL, power) loses at most that quarter second of lines.
 */
const PIPE_BUF = 4096;
const FLUSH_MS = 250;

export type UserKind = 'anonymous' | 'enterprise' | 'staff';

/** One request's access line: never the query (it can carry codes and tickets) nor a header. */
export interface AccessLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  /** Milliseconds from the request's arrival to its answer handed to the socket. */
  ms: number;
  user: UserKind;
}

export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

export type AccessLog = (line: AccessLine) => void;

export interface Logging {
  /** Fastify's `logger` option: the process's log, redacting secrets from what it is given. */
  options: FastifyServerOptions['logger'];
  /** Writes an access line; null above info. */
  access: AccessLog | null;
}

export function createLogging(level: string): Logging {
  if (level === 'silent') return { options: false, access: null };
  const stream = pino.destination({ dest: 1, sync: false, minLength: PIPE_BUF / 2, maxWrite: PIPE_BUF, periodicFlush: FLUSH_MS });
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // stdout already closed: nothing left to write to
    }
  });
  // Access lines hold nothing to redact (AccessLine's fields only), so they skip the redaction,
  // which was half of what writing one cost.
  const access = pino({ level }, stream);
  return {
    options: {
      level,
      stream,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.smsCode', '*.code', '*.refresh_token', '*.access_token'],
        censor: '[已隐藏]',
      },
    },
    access: access.isLevelEnabled('info') ? (line) => access.info(line, 'access') : null,
  };
}

/**
 * One line per request at info, instead of Fastify's two (turned off in app.ts): who asked for
 * what and how it went. Requests answered before Fastify (page cache hits,
 * platform/http/front-door.ts) write the same line there.
 */
export function accessLogHook(app: FastifyInstance, access: AccessLog | null): void {
  if (!access) return;
  app.addHook('onResponse', (request, reply, done) => {
    access({
      reqId: request.id,
      method: request.method,
      path: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      user: request.staff ? 'staff' : request.user ? 'enterprise' : 'anonymous',
    });
    done();
  });
}
