import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import {
  declareDetailSchema,
  declareEditSchema,
  declareFormSchema,
  declarePageQuerySchema,
  declarePageSchema,
  preEnInfoSchema,
} from '#contract/declare-ent.ts';
import { envelopeSchema, idQuerySchema } from '#contract/envelope.ts';
import { evaluateSchema } from '#contract/evaluation.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 企业申报: customer-scoped. Another enterprise's declaration answers 404; a wrong state or window 409. */
export const declareEntRoutes: FastifyPluginAsyncZod = async (app) => {
  const { declareEnt } = app.services;
  const tags = ['企业申报'];
  const idResponse = { 200: envelopeSchema(z.object({ id: z.number().int() })) };
  const base = '/uaa/api/customer/declare-ent';

  app.get(
    `${base}/page`,
    { onRequest: requireUser, schema: { tags, summary: '本企业的申报', querystring: declarePageQuerySchema, response: { 200: envelopeSchema(declarePageSchema) } } },
    async (request) => ok(await declareEnt.list(currentUser(request), request.query)),
  );
  app.get(
    `${base}/detail`,
    { onRequest: requireUser, schema: { tags, summary: '申报详情', querystring: idQuerySchema, response: { 200: envelopeSchema(declareDetailSchema) } } },
    async (request) => ok(await declareEnt.detail(currentUser(request), request.query.id)),
  );
  app.post(
    `${base}/add`,
    { onRequest: requireUser, schema: { tags, summary: '新建申报（submit 为 true 时直接提交审核，否则保存草稿）', body: declareFormSchema, response: idResponse } },
    async (request) => ok(await declareEnt.add(currentUser(request), request.body), request.body.submit ? '申报已提交，请等待审核' : '草稿已保存'),
  );
  app.post(
    `${base}/edit`,
    { onRequest: requireUser, schema: { tags, summary: '修改草稿或退回修改的申报', body: declareEditSchema, response: idResponse } },
    async (request) => ok(await declareEnt.edit(currentUser(request), request.body), request.body.submit ? '申报已提交，请等待审核' : '草稿已保存'),
  );
  app.post(
    `${base}/evaluate`,
    { onRequest: requireUser, schema: { tags, summary: '评价申报办理（好差评）', body: evaluateSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await declareEnt.evaluate(currentUser(request), request.body);
      return ok(null, '感谢您的评价');
    },
  );
  app.get(
    `${base}/pre-en-info`,
    { onRequest: requireUser, schema: { tags, summary: '申报表预填的企业信息', response: { 200: envelopeSchema(preEnInfoSchema) } } },
    async (request) => ok(await declareEnt.preEnInfo(currentUser(request))),
  );
};
