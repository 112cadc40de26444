import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { bodyIdSchema } from '#contract/evaluation.ts';
import {
  correctionAnswerSchema,
  correctionPageSchema,
  correctionQuerySchema,
  freeAmendSchema,
  freeCancelSchema,
  freeListPageSchema,
  freeListQuerySchema,
  freePayResultSchema,
  freePaySchema,
  freeProjectSummarySchema,
  freeReturnSchema,
  freeRowDetailSchema,
  importCommitSchema,
  importErrorsRequestSchema,
  importGenerateSchema,
  importPreviewSchema,
  importResultSchema,
} from '#contract/free-declare-ent.console.ts';
import type { Permission } from '#contract/permissions.ts';
import { z } from '#contract/zod.ts';
import { ok } from '#server/platform/http/reply.ts';
import { refusedRowsFileName, sendXlsx, sheetPart } from '#server/platform/sheet-import.ts';
import { contentDisposition } from '../files/files.routes.ts';
import { importErrorsWorkbook } from './free-import.errors.ts';

const MANAGE: Permission = 'free-declare:manage';
const PAY: Permission = 'free-declare:pay';

/**
 * 免申即享 in the staff console (docs/console.md "免申即享"): list import (preview, then commit), the
 * rows and their steps, payment, and 信息有误 answers. Every route declares its permission; the
 * console's hook audits every write.
 */
export const freeDeclareEntConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { freeImport, freeDeclareEntConsole } = app.services;
  const tags = ['管理后台 · 免申即享'];
  const nothing = { 200: envelopeSchema(z.null()) };
  const audit = (action: string, objectType = 'free_declare_ent') => ({ action: `free-declare.${action}`, objectType });

  app.get(
    '/console/api/free-declare/projects',
    { schema: { tags, summary: '免申即享项目及其名单各状态的条数', response: { 200: envelopeSchema(z.array(freeProjectSummarySchema)) } }, config: { permission: [MANAGE, PAY] } },
    async () => ok(await freeDeclareEntConsole.projects()),
  );
  app.post(
    '/console/api/free-declare/pages',
    {
      schema: { tags, summary: '免申即享名单（按项目、状态、企业名称或信用代码）', body: freeListQuerySchema, response: { 200: envelopeSchema(freeListPageSchema) } },
      config: { permission: [MANAGE, PAY], audit: false },
    },
    async (request) => ok(await freeDeclareEntConsole.list(request.staff!, request.body)),
  );
  app.get(
    '/console/api/free-declare/detail',
    {
      schema: { tags, summary: '名单中的一条记录及其全部经过', querystring: z.object({ id: bodyIdSchema }), response: { 200: envelopeSchema(freeRowDetailSchema) } },
      config: { permission: [MANAGE, PAY] },
    },
    async (request) => ok(await freeDeclareEntConsole.detail(request.staff!, request.query.id)),
  );

  const steps = [
    ['amend', '调整金额（须写明原因）', freeAmendSchema, '金额已调整', (s, b) => freeDeclareEntConsole.amend(s, b)],
    ['cancel', '取消（须写明原因）', freeCancelSchema, '已取消', (s, b) => freeDeclareEntConsole.cancel(s, b)],
    ['return', '退回企业重新确认（收款信息有误）', freeReturnSchema, '已退回企业重新确认', (s, b) => freeDeclareEntConsole.returnRow(s, b)],
  ] as const satisfies readonly (readonly [string, string, z.ZodType, string, (staff: any, body: any) => Promise<void>])[];
  for (const [name, summary, body, done, run] of steps) {
    app.post(`/console/api/free-declare/${name}`, { schema: { tags, summary, body, response: nothing }, config: { permission: MANAGE, audit: audit(name) } }, async (request) => {
      await run(request.staff!, request.body as never);
      return ok(null, done);
    });
  }

  app.post(
    '/console/api/free-declare/pay',
    {
      schema: { tags, summary: '批量登记兑付（凭证号；所选记录须均为已确认）', body: freePaySchema, response: { 200: envelopeSchema(freePayResultSchema) } },
      config: { permission: PAY, audit: audit('pay') },
    },
    async (request) => {
      const result = await freeDeclareEntConsole.pay(request.staff!, request.body);
      return ok(result, `已登记 ${result.paid} 条兑付`);
    },
  );

  app.post(
    '/console/api/free-declare/correction/pages',
    {
      schema: { tags, summary: '信息有误反馈（5 个工作日内答复，含超期标记）', body: correctionQuerySchema, response: { 200: envelopeSchema(correctionPageSchema) } },
      config: { permission: MANAGE, audit: false },
    },
    async (request) => ok(await freeDeclareEntConsole.corrections(request.body)),
  );
  app.post(
    '/console/api/free-declare/correction/answer',
    {
      schema: { tags, summary: '答复信息有误反馈', body: correctionAnswerSchema, response: nothing },
      config: { permission: MANAGE, audit: audit('correction.answer', 'free_declare_correction') },
    },
    async (request) => {
      await freeDeclareEntConsole.answerCorrection(request.staff!, request.body);
      return ok(null, '已答复，企业将收到通知');
    },
  );

  app.post(
    '/console/api/free-declare/import/commit',
    {
      schema: { tags, summary: '确认导入预览过的名单（一个事务；重复提交结果相同）', body: importCommitSchema, response: { 200: envelopeSchema(importResultSchema) } },
      config: { permission: MANAGE, audit: audit('import.commit', 'free_declare_import') },
    },
    async (request) => {
      const result = await freeImport.commit(request.staff!, request.body.batchId);
      return ok(result, `已导入 ${result.created} 条，跳过 ${result.skipped} 条`);
    },
  );
  app.post(
    '/console/api/free-declare/import/errors',
    {
      schema: { tags, summary: '下载预览中有问题的行（.xlsx，末列为问题说明），改好后重新上传', body: importErrorsRequestSchema },
      config: { permission: MANAGE, audit: audit('import.errors', 'free_declare_import') },
    },
    async (request, reply) => sendXlsx(reply, contentDisposition(refusedRowsFileName(request.body.fileName, '名单')), await importErrorsWorkbook(request.body)),
  );
  app.get('/console/api/free-declare/import/template', { schema: { tags, summary: '名单导入模板（.xlsx）' }, config: { permission: MANAGE } }, async (_request, reply) =>
    sendXlsx(reply, contentDisposition('免申即享名单导入模板.xlsx'), await freeImport.template()),
  );
  app.post(
    '/console/api/free-declare/import/generate',
    {
      schema: {
        tags,
        summary: '按匹配条件生成名单预览（只按部门核实的企业画像；与上传名单同样预览、同样确认导入）',
        body: importGenerateSchema,
        response: { 200: envelopeSchema(importPreviewSchema) },
      },
      config: { permission: MANAGE, audit: audit('import.generate', 'free_project') },
    },
    async (request) => ok(await freeImport.generate(request.staff!, request.body)),
  );

  // Scoped to this plugin: only the preview accepts a multipart body.
  await app.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 5, parts: 10 } });
  app.post(
    '/console/api/free-declare/import/preview',
    {
      schema: {
        tags,
        summary: '上传名单预览（multipart：projectId，file 为 .xlsx 或 .csv）；逐行检查，不写入名单',
        consumes: ['multipart/form-data'],
        querystring: z.object({ projectId: z.string().max(20).optional() }),
        response: { 200: envelopeSchema(importPreviewSchema) },
      },
      config: { permission: MANAGE, audit: audit('import.preview', 'free_project') },
    },
    async (request) => {
      const upload = await sheetPart(request, '名单');
      return ok(await freeImport.preview(request.staff!, upload.fields.projectId ?? request.query.projectId, upload));
    },
  );
};
