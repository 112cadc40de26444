import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { PHRASE_READERS, phraseDeleteSchema, phraseListQuerySchema, phraseListSchema, phraseSaveSchema, phraseSchema } from '#contract/phrase.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 常用语: the person's own lists and their department's, of the kinds of text they write. */
export const phraseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { phrase } = app.services;
  const tags = ['管理后台 · 常用语'];
  const config = { permission: PHRASE_READERS } as const;
  app.get(
    '/console/api/phrase/list',
    { schema: { tags, summary: '我的常用语与本部门常用语（一类）', querystring: phraseListQuerySchema, response: { 200: envelopeSchema(phraseListSchema) } }, config },
    async (request) => ok(await phrase.list(request.staff!, request.query.kind)),
  );
  app.post(
    '/console/api/phrase/save',
    { schema: { tags, summary: '新增或修改一条常用语（本部门常用语须有维护权限）', body: phraseSaveSchema, response: { 200: envelopeSchema(phraseSchema) } }, config },
    async (request) => ok(await phrase.save(request.staff!, request.body), '常用语已保存'),
  );
  app.post(
    '/console/api/phrase/delete',
    { schema: { tags, summary: '删除一条常用语', body: phraseDeleteSchema, response: { 200: envelopeSchema(z.null()) } }, config },
    async (request) => {
      await phrase.remove(request.staff!, request.body.id);
      return ok(null, '常用语已删除');
    },
  );
};
