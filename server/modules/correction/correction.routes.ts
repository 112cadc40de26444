import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  correctionAnswerSchema,
  correctionItemSchema,
  correctionPageSchema,
  correctionQuerySchema,
  correctionReceiptSchema,
  correctionReportSchema,
} from '#contract/correction.ts';
import { envelopeSchema, idQuerySchema } from '#contract/envelope.ts';
import { limitByAddress } from '#server/platform/http/rate-limit.ts';
import { ok } from '#server/platform/http/reply.ts';
import { parseId } from '#server/platform/http/paging.ts';

/** 网站纠错: visitors report from any public page; the editors read and answer in the console. */
export const correctionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { correction } = app.services;
  const { kv } = app;
  app.post(
    '/api/correction/report',
    {
      schema: { tags: ['网站纠错'], summary: '报告页面中的错误（无须登录；同一地址每小时至多 5 次）', body: correctionReportSchema, response: { 200: envelopeSchema(correctionReceiptSchema) } },
      // Counted before the body is checked, so that a flood of bad reports is limited too.
      preValidation: async (request) => limitByAddress(kv, 'correction', request.ip),
    },
    async (request) => ok(await correction.report(request.body), '感谢您的纠错，我们将在 3 个工作日内核实处理'),
  );

  const tags = ['管理后台 · 网站纠错'];
  const config = { permission: 'content:correction:handle' } as const;
  app.post(
    '/console/api/correction/pages',
    { schema: { tags, summary: '网站纠错（待答复在前，按答复期限；含超期、临期标记）', body: correctionQuerySchema, response: { 200: envelopeSchema(correctionPageSchema) } }, config },
    async (request) => ok(await correction.page(request.body)),
  );
  app.get(
    '/console/api/correction/detail',
    { schema: { tags, summary: '一条网站纠错', querystring: idQuerySchema, response: { 200: envelopeSchema(correctionItemSchema) } }, config },
    async (request) => {
      return ok(await correction.detail(parseId(request.query.id, '纠错')));
    },
  );
  app.post(
    '/console/api/correction/answer',
    {
      schema: { tags, summary: '答复网站纠错', body: correctionAnswerSchema, response: { 200: envelopeSchema(correctionItemSchema) } },
      config: { ...config, audit: { action: 'correction.answer', objectType: 'correction_report' } },
    },
    async (request) => ok(await correction.answer(request.staff!, request.body), '已答复'),
  );
};
