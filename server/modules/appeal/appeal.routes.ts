import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import {
  appealDetailSchema,
  appealEnPagesQuerySchema,
  appealIdBodySchema,
  appealInputSchema,
  appealQuerySchema,
  appealUpdateSchema,
  ownAppealPageSchema,
  publicAppealPageSchema,
} from '#contract/appeal.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { evaluateSchema } from '#contract/evaluation.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 企业诉求 (docs/domain.md "Appeals"). Refusals: 409 wrong state, 404 unknown or someone else's private appeal, 403 someone else's public one. */
export const appealRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appeal } = app.services;
  const tags = ['企业诉求'];
  const nothing = { 200: envelopeSchema(z.null()) };

  app.post(
    '/api/appeal/save',
    { onRequest: requireUser, schema: { tags, summary: '提交诉求', body: appealInputSchema, response: { 200: envelopeSchema(z.object({ id: z.number().int() })) } } },
    async (request) => ok(await appeal.submit(currentUser(request), request.body), '诉求已提交，我们将在 1 个工作日内受理'),
  );

  app.post(
    '/admin/appeal/update',
    { onRequest: requireUser, schema: { tags, summary: '修改诉求（仅待受理时）', body: appealUpdateSchema, response: nothing } },
    async (request) => {
      await appeal.update(currentUser(request), request.body);
      return ok(null, '诉求已修改');
    },
  );

  app.post(
    '/admin/appeal/withdraw',
    { onRequest: requireUser, schema: { tags, summary: '撤回诉求（仅待受理时）', body: appealIdBodySchema, response: nothing } },
    async (request) => {
      await appeal.withdraw(currentUser(request), request.body.id);
      return ok(null, '诉求已撤回');
    },
  );

  app.get(
    '/admin/appeal',
    {
      schema: {
        tags,
        summary: '诉求详情（带 id）或公开诉求列表（不带 id）',
        querystring: appealQuerySchema,
        response: { 200: envelopeSchema(z.union([appealDetailSchema, publicAppealPageSchema])) },
      },
    },
    async (request) => {
      const { id, ...q } = request.query;
      return ok(id === undefined ? await appeal.listPublic(q) : await appeal.detail(request.user, id));
    },
  );

  app.get(
    '/admin/appeal/en-pages',
    { onRequest: requireUser, schema: { tags, summary: '本企业的诉求', querystring: appealEnPagesQuerySchema, response: { 200: envelopeSchema(ownAppealPageSchema) } } },
    async (request) => ok(await appeal.listOwn(currentUser(request), request.query)),
  );

  app.post(
    '/admin/appeal/en-evaluate',
    { onRequest: requireUser, schema: { tags, summary: '评价已办结的诉求（好差评）', body: evaluateSchema, response: nothing } },
    async (request) => {
      await appeal.evaluate(currentUser(request), request.body);
      return ok(null, '感谢您的评价');
    },
  );
};
