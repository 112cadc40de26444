import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { serviceItemListSchema } from '#contract/service-item.ts';
import { ok } from '#server/platform/http/reply.ts';

export const serviceItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { serviceItem } = app.services;
  app.get(
    '/uaa/api/service/manage/list',
    { schema: { tags: ['服务事项'], summary: '服务事项（首页快捷入口）', response: { 200: envelopeSchema(serviceItemListSchema) } } },
    async () => ok(await serviceItem.list()),
  );
};
