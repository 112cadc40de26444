import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressBookConsolePageSchema,
  addressBookConsoleQuerySchema,
  addressBookPageSchema,
  addressBookQuerySchema,
  addressBookSaveSchema,
} from '#contract/address-book.ts';
import { recordIdSchema, sortOrderSchema } from '#contract/console-list.ts';
import { z } from '#contract/zod.ts';
import { envelopeSchema, idReply } from '#contract/envelope.ts';
import { ok } from '#server/platform/http/reply.ts';

export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { addressBook } = app.services;
  app.post(
    '/api/book/gov/pages',
    {
      schema: {
        tags: ['通讯录'],
        summary: '通讯录列表（关键词：姓名/岗位、部门、职责；按部门筛选）',
        body: addressBookQuerySchema,
        response: { 200: envelopeSchema(addressBookPageSchema) },
      },
    },
    async (request) => ok(await addressBook.list(request.body)),
  );
  // 管理后台 · 通讯录 (content editors). Every write purges the page cache (see the service).
  const tags = ['管理后台 · 通讯录'];
  const config = { permission: 'content:address-book:edit' } as const;
  app.post(
    '/console/api/address-book/pages',
    { schema: { tags, summary: '通讯录条目（含停用的）', body: addressBookConsoleQuerySchema, response: { 200: envelopeSchema(addressBookConsolePageSchema) } }, config },
    async (request) => ok(await addressBook.consoleList(request.body)),
  );
  app.post(
    '/console/api/address-book/save',
    { schema: { tags, summary: '新增或修改通讯录条目', body: addressBookSaveSchema, response: idReply }, config },
    async (request) => ok(await addressBook.save(request.body), '通讯录条目已保存'),
  );
  app.post(
    '/console/api/address-book/enable',
    { schema: { tags, summary: '启用（在公开通讯录显示）', body: recordIdSchema, response: idReply }, config },
    async (request) => ok(await addressBook.setEnabled(request.body.id, true), '已启用，公开通讯录已显示该条目'),
  );
  app.post(
    '/console/api/address-book/disable',
    { schema: { tags, summary: '停用（不在公开通讯录显示）', body: recordIdSchema, response: idReply }, config },
    async (request) => ok(await addressBook.setEnabled(request.body.id, false), '已停用，公开通讯录不再显示该条目'),
  );
  app.post(
    '/console/api/address-book/sort',
    { schema: { tags, summary: '调整部门内条目的顺序', body: sortOrderSchema, response: { 200: envelopeSchema(z.object({ count: z.number() })) } }, config },
    async (request) => ok(await addressBook.sort(request.body), '顺序已保存'),
  );
};
