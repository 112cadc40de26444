import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDb, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { drainPlugin } from './platform/http/drain.ts';
import { jobsPlugin } from './platform/scheduler.ts';
import { metricsPlugin } from './platform/metrics/metrics.ts';
import { errorsPlugin } from './platform/http/errors.ts';
import { outagePagePlugin } from './platform/http/outage-page.ts';
import { createKv, type Kv } from './platform/store/kv.ts';
import { healthPlugin } from './platform/http/health.ts';
import { openapiPlugin } from './platform/http/openapi.ts';
import { BAD_URL_MESSAGE, clientErrorReply } from './platform/http/client-errors.ts';
import { securityHeaders, securityHeadersPlugin } from './platform/http/security-headers.ts';
import { FrontDoor } from './platform/http/front-door.ts';
import { accessLogHook, createLogging } from './platform/runtime/logging.ts';
import { requestId } from './platform/http/request-id.ts';
import type { HelmetOptions } from 'helmet';
import { reactRouterPlugin } from './platform/ssr/react-router.ts';
import { trimPlugin } from './platform/http/trim.ts';
import { formatDate } from '#contract/format.ts';
import { holidayNoticesThrough } from './platform/workflow/working-days.ts';
import { domains, type Services } from './modules/index.ts';
import { authHook } from './platform/auth/auth-hook.ts';
import { crossSiteHook } from './platform/http/cross-site.ts';
import { pageContext } from './page-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    kv: Kv;
    services: Services;
    /** Where the page cache answers hits before Fastify (platform/http/front-door.ts). */
    frontDoor: FrontDoor;
  }
}

export interface BuildOptions {
  /** Serve pages too (false for API-only tests, which then need no client build). */
  pages?: boolean;
  /** Use an existing database handle (tests share one migrated database). */
  db?: Db;
  kv?: Kv;
}

/**
 * Builds the whole portal as a Fastify instance without listening: main.ts listens, tests call
 * `app.inject()`. Plugins load external → platform → domain routes → pages.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const helmetOptions: HelmetOptions = {
    // Scripts from the site only; each page adds its inline scripts by nonce or hash (platform/http/csp.ts).
    // Inline styles stay allowed: antd writes style attributes and, at run time, <style> elements.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(config.sso ? [new URL(config.sso.issuer).origin] : [])],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only for requests that came over https (platform/http/security-headers.ts), never on plain http.
    hsts: false,
  };
  const headers = securityHeaders(helmetOptions);
  const logging = createLogging(config.logLevel);
  const frontDoor = new FrontDoor({ securityHeaders: headers, trustProxy: config.trustProxy, requestId, accessLog: logging.access });
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    logger: logging.options,
    // One access line a request instead of Fastify's two (platform/runtime/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // Loading the built pages (several MB of JavaScript) takes well over Fastify's default 10 s on a
    // busy two-core host; a slow start is better than a refused one.
    pluginTimeout: 60_000,
    genReqId: (req) => requestId(req.headers['x-request-id']),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // What fails before a route is found still answers the envelope with the request id and the headers.
    frameworkErrors: (error, request, reply) => {
      const msg = error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : '请求格式有误';
      void (reply as FastifyReply).headers(headers).header('x-request-id', request.id).code(400).send({ code: 400, msg, data: null });
    },
    clientErrorHandler: clientErrorReply(headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = opts.db ?? createDb(config.database, { log: app.log });
  if (!opts.db) await migrateToLatest(db);
  const kv = opts.kv ?? createKv(config.redisUrl, undefined, app.log);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('kv', kv);
  app.decorate('frontDoor', frontDoor);
  app.decorate('services', domains.createServices({ config, db, kv, log: app.log }));
  app.decorateRequest('user', null);

  // Deadlines count the statutory holidays of the years the calendar knows (platform/workflow/working-days.ts).
  const year = Number(formatDate(new Date()).slice(0, 4));
  const noticesThrough = holidayNoticesThrough();
  if (noticesThrough < year) {
    app.log.warn(`节假日数据只到 ${noticesThrough} 年：${year} 年的办理期限暂按周一至周五计算，请升级 chinese-days（见运维手册）`);
  }

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  accessLogHook(app, logging.access);
  app.addHook('preClose', async () => frontDoor.close());
  app.addHook('onClose', async () => {
    if (!opts.kv) await kv.close();
    if (!opts.db) await db.destroy();
  });

  await app.register(errorsPlugin);
  await app.register(outagePagePlugin);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, helmetOptions);
  await app.register(drainPlugin);
  await app.register(jobsPlugin);
  await app.register(metricsPlugin);
  await app.register(trimPlugin);
  await app.register(openapiPlugin);
  await app.register(healthPlugin);
  // First: it fills request.user for every route after it; then the cross-site check of writes.
  await app.register(authHook);
  await app.register(crossSiteHook);
  for (const plugin of domains.plugins()) await app.register(plugin);
  if (opts.pages !== false) {
    await app.register(reactRouterPlugin, {
      loadContext: (request) => pageContext(app, request),
      contentVersion: async () => String((await app.services.site.info()).cache_version),
    });
  }
  return app;
}
