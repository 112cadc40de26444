import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDb, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { errorsPlugin } from './platform/errors.ts';
import { createKv, type Kv } from './platform/kv.ts';
import { healthPlugin } from './platform/health.ts';
import { openapiPlugin } from './platform/openapi.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
import { reactRouterPlugin } from './platform/react-router.ts';
import { trimPlugin } from './platform/trim.ts';
import { formatDate } from '#contract/format.ts';
import { holidayNoticesThrough } from './platform/working-days.ts';
import { createServices, type Services } from './services.ts';
import { moduleRoutes } from './modules/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    kv: Kv;
    services: Services;
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
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.smsCode', '*.code', '*.refresh_token', '*.access_token'],
              censor: '[已隐藏]',
            },
          },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = opts.db ?? createDb(config.database);
  if (!opts.db) await migrateToLatest(db);
  const kv = opts.kv ?? createKv(config.redisUrl);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('kv', kv);
  app.decorate('services', createServices({ config, db, kv, log: app.log }));
  app.decorateRequest('user', null);

  // Deadlines count the statutory holidays of the years the calendar knows (platform/working-days.ts).
  const year = Number(formatDate(new Date()).slice(0, 4));
  const noticesThrough = holidayNoticesThrough();
  if (noticesThrough < year) {
    app.log.warn(`节假日数据只到 ${noticesThrough} 年：${year} 年的办理期限暂按周一至周五计算，请升级 chinese-days（见运维手册）`);
  }

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    if (!opts.kv) await kv.close();
    if (!opts.db) await db.destroy();
  });

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, {
    // The pages inline React Router's hydration data and antd's tokens; everything else is same-origin.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(config.sso ? [new URL(config.sso.issuer).origin] : [])],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  await app.register(trimPlugin);
  await app.register(openapiPlugin);
  await app.register(healthPlugin);
  for (const routes of moduleRoutes) await app.register(routes);
  if (opts.pages !== false) await app.register(reactRouterPlugin);
  return app;
}
