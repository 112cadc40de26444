import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressBookPageSchema, addressBookQuerySchema } from '#contract/address-book.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { ok } from '#server/platform/reply.ts';

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
};
