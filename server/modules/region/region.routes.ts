import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { regionIdParamsSchema, regionListSchema, regionTreeSchema } from '#contract/region.ts';
import { ok } from '#server/platform/http/reply.ts';

/**
 * 行政区划. The answers never change while the process runs: each is serialised once and kept,
 * and browsers and proxies may keep it for a day.
 */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { region } = app.services;
  const tags = ['行政区划'];
  const cache = new Map<string, string>();

  /** A JSON string goes out as it is (Fastify skips the schema serializer for it). */
  function sendCached(reply: FastifyReply, key: string, data: () => unknown): FastifyReply {
    let body = cache.get(key);
    if (body === undefined) {
      body = JSON.stringify(ok(data()));
      cache.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=86400');
    return payload;
  });

  const listResponse = { 200: envelopeSchema(regionListSchema) };
  app.get('/uaa/api/states/provinces', { schema: { tags, summary: '省份列表', response: listResponse } }, async (_request, reply) =>
    sendCached(reply, 'provinces', () => region.provinces()),
  );
  app.get(
    '/uaa/api/states/provinces/:id/cities',
    { schema: { tags, summary: '某省的城市列表', params: regionIdParamsSchema, response: listResponse } },
    async (request, reply) => {
      const { id } = request.params;
      const list = region.cities(id);
      return sendCached(reply, `cities:${id}`, () => list);
    },
  );
  app.get(
    '/uaa/api/states/provinces/cities/:id/counties',
    { schema: { tags, summary: '某市的区县列表', params: regionIdParamsSchema, response: listResponse } },
    async (request, reply) => {
      const { id } = request.params;
      const list = region.counties(id);
      return sendCached(reply, `counties:${id}`, () => list);
    },
  );
  app.get(
    '/uaa/api/states/data/json',
    { schema: { tags, summary: '省市区完整树', response: { 200: envelopeSchema(regionTreeSchema) } } },
    async (_request, reply) => sendCached(reply, 'tree', () => region.tree()),
  );
};
