import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idQuerySchema } from '#contract/envelope.ts';
import { freeProjectDetailSchema, freeProjectListQuerySchema, freeProjectPageSchema } from '#contract/free-declare.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 免申即享 projects: public; a logged-in enterprise user also sees which ones it is eligible for. */
export const freeProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { freeProject } = app.services;
  const tags = ['免申即享'];

  app.get(
    '/uaa/api/free/declare-project/page',
    { schema: { tags, summary: '免申即享项目列表', querystring: freeProjectListQuerySchema, response: { 200: envelopeSchema(freeProjectPageSchema) } } },
    async (request) => ok(await freeProject.list(request.query, request.user)),
  );
  app.get(
    '/uaa/api/free/declare-project/detail',
    { schema: { tags, summary: '免申即享项目详情', querystring: idQuerySchema, response: { 200: envelopeSchema(freeProjectDetailSchema) } } },
    async (request) => ok(await freeProject.detail(request.query.id, request.user)),
  );
};
