import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import {
  correctionInputSchema,
  freeDeclareConfirmStatusSchema,
  freeDeclareEntPageSchema,
  freeDeclarePagesQuerySchema,
  freeDeclareSaveSchema,
  freeDeclareStatusQuerySchema,
  receiptSchema,
} from '#contract/free-declare.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 免申即享确认: the enterprise's own rows only; another enterprise's row id answers 404. */
export const freeDeclareEntRoutes: FastifyPluginAsyncZod = async (app) => {
  const { freeDeclareEnt } = app.services;
  const tags = ['免申即享'];

  app.post(
    '/api/free/declare/pages',
    { onRequest: requireUser, schema: { tags, summary: '本企业的免申即享记录', body: freeDeclarePagesQuerySchema, response: { 200: envelopeSchema(freeDeclareEntPageSchema) } } },
    async (request) => ok(await freeDeclareEnt.list(currentUser(request), request.body)),
  );

  app.post(
    '/admin/freeDeclareEnt/save',
    { onRequest: requireUser, schema: { tags, summary: '确认免申即享（核对信息、填写收款账户与联系人）', body: freeDeclareSaveSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await freeDeclareEnt.confirm(currentUser(request), request.body);
      return ok(null, '确认成功，资金将按规定拨付至您填写的账户');
    },
  );

  app.get(
    '/admin/freeDeclareEnt/confirm/status',
    { onRequest: requireUser, schema: { tags, summary: '免申即享记录是否已确认', querystring: freeDeclareStatusQuerySchema, response: { 200: envelopeSchema(freeDeclareConfirmStatusSchema) } } },
    async (request) => ok(await freeDeclareEnt.confirmStatus(currentUser(request), request.query.freeDeclareEntId)),
  );

  app.post(
    '/admin/freeDeclareEnt/correction',
    { onRequest: requireUser, schema: { tags, summary: '反馈“信息有误”（返回受理编号）', body: correctionInputSchema, response: { 200: envelopeSchema(receiptSchema) } } },
    async (request) => ok(await freeDeclareEnt.requestCorrection(currentUser(request), request.body), '已收到您的反馈，我们将在 5 个工作日内核实处理'),
  );
};
