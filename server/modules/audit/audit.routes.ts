import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterSchema, auditListQuerySchema, auditPageSchema } from '#contract/audit.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { formatDate } from '#contract/format.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 安全审计日志 (auditors only). Each search and each export is itself an audit row. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;
  const tags = ['管理后台 · 安全审计'];

  app.post(
    '/console/api/audit/pages',
    { schema: { tags, summary: '审计日志查询（按人员、操作、对象、结果、日期）', body: auditListQuerySchema, response: { 200: envelopeSchema(auditPageSchema) } }, config: { permission: 'audit:log:view', audit: { action: 'audit.search', objectType: 'audit_log' } } },
    async (request) => ok(await audit.list(request.body)),
  );

  app.get(
    '/console/api/audit/export',
    { schema: { tags, summary: '导出审计日志（CSV，UTF-8 带 BOM，Excel 可直接打开）', querystring: auditFilterSchema }, config: { permission: 'audit:log:export', audit: { action: 'audit.export', objectType: 'audit_log' } } },
    async (request, reply) => {
      const { csv, rows } = await audit.exportCsv(request.query);
      const day = formatDate(new Date());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`审计日志-${day}.csv`)}`)
        .header('x-export-rows', String(rows))
        .send(csv);
    },
  );
};
