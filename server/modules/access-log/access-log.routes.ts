import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessLogInputSchema } from '#contract/access-log.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { z } from '#contract/zod.ts';
import { ok } from '#server/platform/http/reply.ts';

export const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accessLog } = app.services;
  app.post(
    '/api/access-log/add',
    {
      schema: {
        tags: ['访问统计'],
        summary: '记录一次菜单页面访问',
        body: accessLogInputSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ua = request.headers['user-agent'];
      await accessLog.add(request.body, { userId: request.user?.userId ?? null, ip: request.ip, userAgent: typeof ua === 'string' ? ua : null });
      return ok(null);
    },
  );
};
