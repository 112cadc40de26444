import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { messagePageQuerySchema, messagePageSchema, messageReadResultSchema, messageReadSchema } from '#contract/message.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 站内消息 of the signed-in user's enterprise (docs/console.md "Enterprise side of the same work"). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { message } = app.services;
  const tags = ['站内消息'];
  const readResult = { 200: envelopeSchema(messageReadResultSchema) };

  // SMS handed to the gateway finish before the process lets go of the database.
  app.addHook('onClose', async () => message.settled());

  app.get(
    '/admin/user/messages/page',
    { onRequest: requireUser, schema: { tags, summary: '本企业的站内消息（含未读数）', querystring: messagePageQuerySchema, response: { 200: envelopeSchema(messagePageSchema) } } },
    async (request) => ok(await message.page(currentUser(request), request.query)),
  );

  app.post(
    '/admin/user/messages/read',
    { onRequest: requireUser, schema: { tags, summary: '将消息标为已读', body: messageReadSchema, response: readResult } },
    async (request) => ok(await message.read(currentUser(request), request.body.ids), '已标为已读'),
  );

  app.post(
    '/admin/user/messages/read-all',
    { onRequest: requireUser, schema: { tags, summary: '全部标为已读', response: readResult } },
    async (request) => ok(await message.read(currentUser(request), null), '已全部标为已读'),
  );
};
