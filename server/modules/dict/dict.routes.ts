import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictCodeSchema, dictConsoleOptionSchema, dictOptionRefSchema, dictOptionSaveSchema, dictOptionsSchema, dictQuerySchema, dictSortSchema, dictTypeSchema } from '#contract/dict.ts';
import { z } from '#contract/zod.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { ok } from '#server/platform/http/reply.ts';

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dict } = app.services;
  app.get(
    '/api/dict/parent',
    {
      schema: {
        tags: ['字典'],
        summary: '字典选项（appeal_type、policy_category、policy_level、industry、enterprise_scale、declare_category）',
        querystring: dictQuerySchema,
        response: { 200: envelopeSchema(dictOptionsSchema) },
      },
    },
    async (request) => ok(await dict.options(request.query.code)),
  );
  // 管理后台 · 数据字典 (system administrators). A save bumps cache_version and the page cache.
  const tags = ['管理后台 · 数据字典'];
  const config = { permission: 'system:dict:manage' } as const;
  app.post(
    '/console/api/dict/types',
    { schema: { tags, summary: '全部字典（编码、名称、选项数）', response: { 200: envelopeSchema(z.array(dictTypeSchema)) } }, config },
    async () => ok(await dict.types()),
  );
  app.post(
    '/console/api/dict/options',
    { schema: { tags, summary: '某字典的全部选项（含停用的）', body: dictCodeSchema, response: { 200: envelopeSchema(z.array(dictConsoleOptionSchema)) } }, config },
    async (request) => ok(await dict.consoleOptions(request.body.dictCode)),
  );
  app.post(
    '/console/api/dict/save',
    {
      schema: { tags, summary: '新增或修改字典选项（名称、排序、启用）；停用的选项在旧记录上仍显示名称', body: dictOptionSaveSchema, response: { 200: envelopeSchema(z.object({ id: z.string() })) } },
      config: { ...config, audit: { action: 'dict.save', objectType: 'dict' } },
    },
    async (request) => {
      const { dictCode, ...option } = request.body;
      await dict.saveOption(dictCode, option);
      return ok({ id: `${dictCode}:${option.id}` }, '字典选项已保存');
    },
  );
  const refReply = { 200: envelopeSchema(z.object({ id: z.string() })) };
  for (const [verb, enabled, summary, msg] of [
    ['enable', true, '启用字典选项（在下拉选项中出现）', '已启用，下拉选项中已出现该选项'],
    ['disable', false, '停用字典选项（旧记录上仍显示名称）', '已停用，新填写的表单中不再出现该选项'],
  ] as const) {
    app.post(
      `/console/api/dict/${verb}`,
      { schema: { tags, summary, body: dictOptionRefSchema, response: refReply }, config: { ...config, audit: { action: `dict.${verb}`, objectType: 'dict' } } },
      async (request) => {
        await dict.setOptionEnabled(request.body.dictCode, request.body.id, enabled);
        return ok({ id: `${request.body.dictCode}:${request.body.id}` }, msg);
      },
    );
  }
  app.post(
    '/console/api/dict/sort',
    { schema: { tags, summary: '调整字典选项的顺序', body: dictSortSchema, response: { 200: envelopeSchema(z.object({ count: z.number() })) } }, config },
    async (request) => ok(await dict.sortOptions(request.body), '顺序已保存'),
  );
};
