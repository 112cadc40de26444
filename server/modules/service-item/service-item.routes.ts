import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordIdSchema, sortOrderSchema } from '#contract/console-list.ts';
import { envelopeSchema, idReply } from '#contract/envelope.ts';
import { serviceItemConsolePageSchema, serviceItemConsoleQuerySchema, serviceItemListSchema, serviceItemSaveSchema } from '#contract/service-item.ts';
import { z } from '#contract/zod.ts';
import { ok } from '#server/platform/http/reply.ts';

export const serviceItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { serviceItem } = app.services;
  app.get(
    '/uaa/api/service/manage/list',
    { schema: { tags: ['服务事项'], summary: '服务事项（首页快捷入口）', response: { 200: envelopeSchema(serviceItemListSchema) } } },
    async () => ok(await serviceItem.list()),
  );
  // 管理后台 · 服务事项 (content editors). Every write purges the page cache (see the service).
  const tags = ['管理后台 · 服务事项'];
  const config = { permission: 'content:service-item:edit' } as const;
  app.post(
    '/console/api/service-item/pages',
    { schema: { tags, summary: '服务事项（含停用的）', body: serviceItemConsoleQuerySchema, response: { 200: envelopeSchema(serviceItemConsolePageSchema) } }, config },
    async (request) => ok(await serviceItem.consoleList(request.body)),
  );
  app.post(
    '/console/api/service-item/save',
    { schema: { tags, summary: '新增或修改服务事项', body: serviceItemSaveSchema, response: idReply }, config },
    async (request) => ok(await serviceItem.save(request.body), '服务事项已保存'),
  );
  app.post(
    '/console/api/service-item/enable',
    { schema: { tags, summary: '启用（在首页显示）', body: recordIdSchema, response: idReply }, config },
    async (request) => ok(await serviceItem.setEnabled(request.body.id, true), '已启用，首页已显示该服务事项'),
  );
  app.post(
    '/console/api/service-item/disable',
    { schema: { tags, summary: '停用（不在首页显示）', body: recordIdSchema, response: idReply }, config },
    async (request) => ok(await serviceItem.setEnabled(request.body.id, false), '已停用，首页不再显示该服务事项'),
  );
  app.post(
    '/console/api/service-item/sort',
    { schema: { tags, summary: '调整服务事项的顺序', body: sortOrderSchema, response: { 200: envelopeSchema(z.object({ count: z.number() })) } }, config },
    async (request) => ok(await serviceItem.sort(request.body), '顺序已保存'),
  );
};
