import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectDetailSchema, projectListQuerySchema, projectPageSchema } from '#contract/declare-project.ts';
import { envelopeSchema, idQuerySchema } from '#contract/envelope.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 项目申报: the public list and detail of declaration projects. */
export const declareProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { declareProject } = app.services;
  const tags = ['项目申报'];

  app.get(
    '/uaa/api/ua/declare-project/page',
    { schema: { tags, summary: '申报项目列表', querystring: projectListQuerySchema, response: { 200: envelopeSchema(projectPageSchema) } } },
    async (request) => ok(await declareProject.list(request.query)),
  );
  app.get(
    '/uaa/api/ua/declare-project/detail',
    { schema: { tags, summary: '申报项目详情（含申报条件与材料清单）', querystring: idQuerySchema, response: { 200: envelopeSchema(projectDetailSchema) } } },
    async (request) => ok(await declareProject.detail(request.query.id)),
  );
};
