import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictOptionsSchema, dictQuerySchema } from '#contract/dict.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { ok } from '#server/platform/reply.ts';

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dict } = app.services;
  app.get(
    '/api/dict/parent',
    {
      schema: {
        tags: ['字典'],
        summary: '字典选项（appeal_type、policy_category、policy_level、industry、enterprise_scale、declare_category）',
        querystring: dictQuerySchema,
        response: { 200: envelopeSchema(dictOptionsSchema) },
      },
    },
    async (request) => ok(await dict.options(request.query.code)),
  );
};
