import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idQuerySchema } from '#contract/envelope.ts';
import { policyListQuerySchema, policyPageSchema, policySchema } from '#contract/policy.ts';
import { parseId } from '#server/platform/http/paging.ts';
import { ok } from '#server/platform/http/reply.ts';

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { policy } = app.services;
  const tags = ['重点政策'];
  app.addHook('onClose', async () => policy.close());

  app.get(
    '/api/po/policy/list',
    { schema: { tags, summary: '重点政策列表（关键词、级别、类别）', querystring: policyListQuerySchema, response: { 200: envelopeSchema(policyPageSchema) } } },
    async (request) => ok(await policy.list(request.query)),
  );
  app.get(
    '/api/po/policy',
    { schema: { tags, summary: '重点政策详情', querystring: idQuerySchema, response: { 200: envelopeSchema(policySchema) } } },
    async (request) => ok(await policy.detail(parseId(request.query.id, '政策'))),
  );
};
