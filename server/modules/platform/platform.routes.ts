import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { platformInfoSchema } from '#contract/platform.ts';
import { ok } from '#server/platform/reply.ts';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app.services;
  app.get(
    '/uaa/api/ua/platform/info',
    { schema: { tags: ['平台'], summary: '平台信息（名称与缓存版本）', response: { 200: envelopeSchema(platformInfoSchema) } } },
    async () => ok(await platform.info()),
  );
};
