import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { receiptSchema } from '#contract/free-declare.ts';
import { objectionInputSchema, proclamationListQuerySchema, proclamationPageSchema, proclamationParamsSchema, proclamationSchema } from '#contract/proclamation.ts';
import { ownObjectionQuerySchema, ownObjectionSchema } from '#contract/proclamation.console.ts';
import { z } from '#contract/zod.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 公示 and objections to them. */
export const proclamationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { proclamation } = app.services;
  const tags = ['公示公告'];

  app.get(
    '/uaa/api/ua/declare/proclamation/page',
    { schema: { tags, summary: '公示列表', querystring: proclamationListQuerySchema, response: { 200: envelopeSchema(proclamationPageSchema) } } },
    async (request) => ok(await proclamation.list(request.query)),
  );
  app.get(
    '/uaa/api/ua/declare/proclamation/:projectId/:id',
    { schema: { tags, summary: '公示详情（项目编号与公示编号须对应）', params: proclamationParamsSchema, response: { 200: envelopeSchema(proclamationSchema) } } },
    async (request) => ok(await proclamation.detail(request.params.projectId, request.params.id)),
  );
  app.post(
    '/uaa/api/customer/declare/proclamation/objection',
    { onRequest: requireUser, schema: { tags, summary: '对公示提出异议（实名，公示期内）', body: objectionInputSchema, response: { 200: envelopeSchema(receiptSchema) } } },
    async (request) => ok(await proclamation.object(currentUser(request), request.body), '异议已收到，我们将依法核查并与您联系'),
  );
  app.get(
    '/uaa/api/customer/declare/proclamation/objections',
    { onRequest: requireUser, schema: { tags, summary: '本企业对该公示提出的异议及答复', querystring: ownObjectionQuerySchema, response: { 200: envelopeSchema(z.array(ownObjectionSchema)) } } },
    async (request) => ok(await proclamation.ownObjections(currentUser(request), request.query.proclamationId)),
  );
};
