import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordIdSchema } from '#contract/console-list.ts';
import { envelopeSchema, idReply } from '#contract/envelope.ts';
import { SEARCH_EDIT_PERMISSION, SEARCH_READ_PERMISSIONS, searchStatsSchema, synonymSaveSchema, synonymSchema } from '#contract/search.ts';
import { z } from '#contract/zod.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 管理后台 · 站内搜索: synonyms (each write audited by the console's hook) and what people searched for. */
export const searchConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { console: searchConsole } = app.services.search;
  const tags = ['管理后台 · 站内搜索'];
  app.get(
    '/console/api/search/synonyms',
    { schema: { tags, summary: '同义词与简称', response: { 200: envelopeSchema(z.array(synonymSchema)) } }, config: { permission: SEARCH_READ_PERMISSIONS } },
    async () => ok(await searchConsole.synonyms()),
  );
  app.post(
    '/console/api/search/synonym/save',
    { schema: { tags, summary: '新增或修改一组同义词', body: synonymSaveSchema, response: idReply }, config: { permission: SEARCH_EDIT_PERMISSION } },
    async (request) => ok(await searchConsole.save(request.staff!, request.body), '同义词已保存，新的搜索立即按此匹配'),
  );
  app.post(
    '/console/api/search/synonym/delete',
    { schema: { tags, summary: '删除一组同义词', body: recordIdSchema, response: idReply }, config: { permission: SEARCH_EDIT_PERMISSION } },
    async (request) => ok(await searchConsole.remove(request.body.id), '同义词已删除'),
  );
  app.get(
    '/console/api/search/stats',
    { schema: { tags, summary: '近 30 天的热门搜索与无结果搜索', response: { 200: envelopeSchema(searchStatsSchema) } }, config: { permission: SEARCH_READ_PERMISSIONS } },
    async () => ok(await searchConsole.stats()),
  );
};
