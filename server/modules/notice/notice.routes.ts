import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idQuerySchema } from '#contract/envelope.ts';
import { noticeListQuerySchema, noticePageSchema, noticeSchema } from '#contract/notice.ts';
import { ok } from '#server/platform/http/reply.ts';
import { parseId } from '#server/platform/http/paging.ts';

/** 通知公告: docs/product.md §7 lists two variants of each call; both answer the same. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notice } = app.services;
  const tags = ['通知公告'];
  app.addHook('onClose', async () => notice.close());
  const pageResponse = { 200: envelopeSchema(noticePageSchema) };
  const detailResponse = { 200: envelopeSchema(noticeSchema) };

  app.post('/api/notice/pages', { schema: { tags, summary: '通知公告列表', body: noticeListQuerySchema, response: pageResponse } }, async (request) =>
    ok(await notice.list(request.body)),
  );
  app.get('/uaa/api/ua/notice/page', { schema: { tags, summary: '通知公告列表', querystring: noticeListQuerySchema, response: pageResponse } }, async (request) =>
    ok(await notice.list(request.query)),
  );
  app.get('/api/notice/detail', { schema: { tags, summary: '通知公告详情', querystring: idQuerySchema, response: detailResponse } }, async (request) =>
    ok(await notice.detail(parseId(request.query.id, '通知公告'))),
  );
  app.get('/uaa/api/ua/notice/detail', { schema: { tags, summary: '通知公告详情', querystring: idQuerySchema, response: detailResponse } }, async (request) =>
    ok(await notice.detail(parseId(request.query.id, '通知公告'))),
  );
};
