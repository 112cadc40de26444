import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { importCommitSchema } from '#contract/sheet-import.ts';
import { profileImportErrorsRequestSchema, profileImportPreviewSchema, profileImportResultSchema } from '#contract/enterprise-profile-import.ts';
import type { Permission } from '#contract/permissions.ts';
import { ok } from '#server/platform/http/reply.ts';
import { refusedRowsFileName, sendXlsx, sheetPart } from '#server/platform/sheet-import.ts';
import { contentDisposition } from '../files/files.routes.ts';

/**
 * 一企一档 from departments' data (docs/matching.md "Verified data"): the staff who keep the
 * 免申即享 lists load verified values the same way, preview then commit. Every write is audited by
 * the console's hook.
 */
const IMPORT: Permission = 'free-declare:manage';

export const profileImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profileImport } = app.services;
  const tags = ['管理后台 · 一企一档'];
  const audit = (action: string) => ({ action: `enterprise.import.${action}`, objectType: 'enterprise_profile_import' });

  app.post(
    '/console/api/enterprise/import/commit',
    {
      schema: { tags, summary: '确认导入预览过的核实数据（写为部门核实值；一个事务，重复提交结果相同）', body: importCommitSchema, response: { 200: envelopeSchema(profileImportResultSchema) } },
      config: { permission: IMPORT, audit: audit('commit') },
    },
    async (request) => {
      const result = await profileImport.commit(request.body.batchId);
      return ok(result, `已为 ${result.enterprises} 家企业写入 ${result.values} 项核实数据`);
    },
  );
  app.post(
    '/console/api/enterprise/import/errors',
    {
      schema: { tags, summary: '下载预览中有问题的行（.xlsx，末列为问题说明），改好后重新上传', body: profileImportErrorsRequestSchema },
      config: { permission: IMPORT, audit: audit('errors') },
    },
    async (request, reply) => sendXlsx(reply, contentDisposition(refusedRowsFileName(request.body.fileName, '核实数据')), await profileImport.errorsWorkbook(request.body)),
  );
  app.get('/console/api/enterprise/import/template', { schema: { tags, summary: '企业画像核实数据导入模板（.xlsx）' }, config: { permission: IMPORT } }, async (_request, reply) =>
    sendXlsx(reply, contentDisposition('企业画像核实数据导入模板.xlsx'), await profileImport.template()),
  );

  // Scoped to this plugin: only the preview accepts a multipart body.
  await app.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 5, parts: 10 } });
  app.post(
    '/console/api/enterprise/import/preview',
    {
      schema: {
        tags,
        summary: '上传部门核实数据预览（multipart：file 为 .xlsx 或 .csv）；逐行检查并列出将要变更的画像，不写入',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(profileImportPreviewSchema) },
      },
      config: { permission: IMPORT, audit: audit('preview') },
    },
    async (request) => ok(await profileImport.preview(request.staff!, await sheetPart(request, '核实数据表'))),
  );
};
