import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { commissionerSchema, starInputSchema, starredListSchema, starResultSchema } from '#contract/user-book.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/** The user's address book (/user/address-book): stars and the service commissioner. */
export const userBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { userBook } = app.services;
  const tags = ['政务通讯录'];

  app.post(
    '/api/book/gov/star',
    { onRequest: requireUser, schema: { tags, summary: '收藏或取消收藏通讯录条目', body: starInputSchema, response: { 200: envelopeSchema(starResultSchema) } } },
    async (request) => {
      const result = await userBook.star(currentUser(request), request.body);
      return ok(result, result.starred ? '已收藏' : '已取消收藏');
    },
  );
  app.get(
    '/api/book/gov/starred',
    { onRequest: requireUser, schema: { tags, summary: '我收藏的通讯录条目', response: { 200: envelopeSchema(starredListSchema) } } },
    async (request) => ok(await userBook.starred(currentUser(request))),
  );
  app.get(
    '/api/user/commissioner',
    { onRequest: requireUser, schema: { tags, summary: '本企业的服务专员（未分配时为 null）', response: { 200: envelopeSchema(commissionerSchema) } } },
    async (request) => ok(await userBook.commissioner(currentUser(request))),
  );
};
