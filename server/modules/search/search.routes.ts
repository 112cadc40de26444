import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { searchPageSchema, searchQuerySchema, suggestListSchema, suggestQuerySchema } from '#contract/search.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 站内搜索 for everyone (docs/api.md): the search and the box's suggestions. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;
  const tags = ['站内搜索'];
  app.get(
    '/api/search',
    { schema: { tags, summary: '搜索全站公开内容（分类计数、命中词以 <mark> 标出）', querystring: searchQuerySchema, response: { 200: envelopeSchema(searchPageSchema) } } },
    async (request) => ok(await search.search(request.query)),
  );
  app.get(
    '/api/search/suggest',
    { schema: { tags, summary: '输入时的搜索建议（至多 8 条）', querystring: suggestQuerySchema, response: { 200: envelopeSchema(suggestListSchema) } } },
    async (request) => ok(await search.suggest(request.query.q)),
  );
};
