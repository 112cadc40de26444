import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { defaultMessages } from '#contract/envelope.ts';
import { OUTAGE_RETRY_SECONDS } from '../outage.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The page's render met a dependency down (ssr/react-router.ts): its 500 is answered as the outage page. */
    renderMetOutage: boolean;
  }
}

/** A browser asking for a page (the JSON API's callers never put text/html first). */
export const wantsPage = (request: FastifyRequest) => /^text\/html/.test(request.headers.accept ?? '');

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a browser gets while a dependency is down. Self-contained: it must show without the
 * database, the page cache, the built pages' loaders or any script (the site's policy forbids
 * inline scripts; inline styles are allowed).
 */
export function outagePage(platformName: string): string {
  const name = escape(platformName);
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${defaultMessages[503]} - ${name}</title></head>
<body style="margin:0;font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;color:#1f1f1f;background:#f5f7fa">
<header style="background:#0b4fa0;color:#fff;padding:16px 24px;font-size:20px;font-weight:600">${name}</header>
<main style="max-width:640px;margin:80px auto;padding:40px 24px;background:#fff;border-radius:8px;text-align:center">
<p style="margin:0;font-size:64px;font-weight:700;color:#0b4fa0">503</p>
<h1 style="margin:16px 0 8px;font-size:24px">${defaultMessages[503]}</h1>
<p style="margin:0 0 32px;color:#595959">服务暂时无法处理您的请求，通常片刻即可恢复，请稍后刷新页面。</p>
<a href="" style="display:inline-block;padding:10px 32px;background:#0b4fa0;color:#fff;border-radius:4px;text-decoration:none;font-size:16px">刷新页面</a>
</main></body></html>`;
}

export function sendOutagePage(app: FastifyInstance, reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', String(OUTAGE_RETRY_SECONDS))
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(outagePage(app.config.site.platformName));
}

/** A database that answers `select 1` within a second. */
async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 1_000)));
  const probe = sql`select 1`.execute(app.db).then(
    () => true,
    () => false,
  );
  return Promise.race([probe, late]).finally(() => clearTimeout(timer));
}

/**
 * A page whose loader met the database down renders React Router's error page, as a 500 "服务器内部
 * 错误" (the loader's error reaches the page only as an unexpected one). While the database does not
 * answer, that page is this one instead: a 503 that says to wait and refresh (docs/operations.md
 * "故障与恢复"). Only 500 pages pay for the probe.
 */
export const outagePagePlugin = fp(async function outagePages(app: FastifyInstance) {
  app.decorateRequest('renderMetOutage', false);
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 500 || !/^text\/html/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    // A loader that met the database down says so itself; the probe is for a page that cannot say
    // why it failed. The probe alone lost the race when the database came back between the two.
    if (!request.renderMetOutage && (await databaseAnswers(app))) return payload;
    request.log.warn('page failed while the database is unreachable: answered 503');
    reply.removeHeader('content-encoding');
    reply.removeHeader('content-length');
    reply.removeHeader('etag');
    reply.code(503).header('retry-after', String(OUTAGE_RETRY_SECONDS)).header('cache-control', 'no-store');
    return outagePage(app.config.site.platformName);
  });
});
