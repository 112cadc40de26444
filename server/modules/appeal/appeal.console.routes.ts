import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followUpFeedbackSchema, followUpPageSchema, followUpQuerySchema, followUpVerifySchema } from '#contract/appeal-follow-up.ts';
import {
  workOrderDetailSchema,
  workOrderFileQuerySchema,
  workOrderPageSchema,
  workOrderQuerySchema,
  workOrderBatchResultSchema,
  workOrderBatchSchema,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_READERS,
  WORK_ORDER_STEP_SCHEMAS,
  type WorkOrderAction,
  type WorkOrderStepInput,
} from '#contract/appeal.console.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { uploadResultSchema } from '#contract/files.ts';
import { bodyIdSchema } from '#contract/evaluation.ts';
import type { Permission } from '#contract/permissions.ts';
import { z } from '#contract/zod.ts';
import { clientOf } from '#server/platform/auth/cookies.ts';
import { AppError, badRequest } from '#server/platform/http/errors.ts';
import { maskedChanges } from '../audit/audit-mask.ts';
import { queueNextRoute } from '#server/platform/http/queue-next.ts';
import { ok } from '#server/platform/http/reply.ts';
import { FRAMING_ALLOWANCE, sendDownload } from '../files/files.routes.ts';
import { tooLarge } from '../files/files.service.ts';
import type { Actor } from './appeal.console.service.ts';

const DISPATCH: Permission = 'appeal:dispatch';
const HANDLE: Permission = 'appeal:handle';
const FOLLOW_UP: Permission = 'evaluation:follow-up';

/**
 * The appeal work order and 差评 follow-ups in the staff console (docs/console.md "Workflows"). Routes
 * declare who may call them; the services re-check the person's rights and the row scope (a
 * handler reaches only their department's work orders). The console's hook audits every write.
 */
export const appealConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appealConsole, followUps, files, audit: auditLog } = app.services;
  const tags = ['管理后台 · 诉求工单'];
  const nothing = { 200: envelopeSchema(z.null()) };
  const audit = (action: string) => ({ action: `appeal.${action}`, objectType: 'appeal' });

  app.post(
    '/console/api/appeal/pages',
    { schema: { tags, summary: '诉求工单列表（办理人只看本部门）', body: workOrderQuerySchema, response: { 200: envelopeSchema(workOrderPageSchema) } }, config: { permission: WORK_ORDER_READERS, audit: false } },
    async (request) => ok(await appealConsole.list(request.staff!, request.body)),
  );
  queueNextRoute(app, {
    path: '/console/api/appeal/next',
    tags,
    summary: '下一条：同一列表（同样的筛选与排序）中该工单之后的一件',
    query: workOrderQuerySchema,
    permission: WORK_ORDER_READERS,
    next: (request, q, id, at) => appealConsole.next(request.staff!, q, id, at),
  });
  app.get(
    '/console/api/appeal/detail',
    { schema: { tags, summary: '诉求工单详情（含内部记录、短信与可做的操作）', querystring: z.object({ id: bodyIdSchema }), response: { 200: envelopeSchema(workOrderDetailSchema) } }, config: { permission: WORK_ORDER_READERS } },
    async (request) => ok(await appealConsole.detail(request.staff!, request.query.id)),
  );

  type Step<A extends WorkOrderAction> = { summary: string; permission: Permission | Permission[]; done: string; run: (staff: Actor, body: WorkOrderStepInput<A>) => Promise<void> };
  const steps: { [A in WorkOrderAction]: Step<A> } = {
    accept: { summary: '受理', permission: DISPATCH, done: '已受理', run: (s, b) => appealConsole.accept(s, b) },
    reject: { summary: '不予受理', permission: DISPATCH, done: '已不予受理', run: (s, b) => appealConsole.reject(s, b) },
    assign: { summary: '转办到部门', permission: DISPATCH, done: '已转办', run: (s, b) => appealConsole.assign(s, b) },
    sign: { summary: '部门签收', permission: HANDLE, done: '已签收', run: (s, b) => appealConsole.sign(s, b.id) },
    extend: { summary: '申请延期（一次，≤ 5 个工作日）', permission: HANDLE, done: '延期申请已提交', run: (s, b) => appealConsole.extend(s, b) },
    'extend-decide': { summary: '审批延期申请', permission: DISPATCH, done: '已审批', run: (s, b) => appealConsole.extendDecide(s, b) },
    urge: { summary: '督办', permission: DISPATCH, done: '已督办', run: (s, b) => appealConsole.urge(s, b) },
    note: { summary: '内部备注（企业看不到）', permission: [DISPATCH, HANDLE], done: '备注已保存', run: (s, b) => appealConsole.note(s, b) },
    reply: { summary: '答复办结', permission: [DISPATCH, HANDLE], done: '已办结答复', run: (s, b) => appealConsole.reply(s, b) },
    revisit: { summary: '回访', permission: FOLLOW_UP, done: '回访已记录', run: (s, b) => appealConsole.revisit(s, b) },
    unpublish: { summary: '不予公开', permission: DISPATCH, done: '已从公开诉求中移除', run: (s, b) => appealConsole.unpublish(s, b) },
  };

  for (const name of WORK_ORDER_ACTIONS) {
    const { summary, permission, done, run } = steps[name] as Step<WorkOrderAction>;
    app.post(
      `/console/api/appeal/${name}`,
      { schema: { tags, summary, body: WORK_ORDER_STEP_SCHEMAS[name], response: nothing }, config: { permission, audit: audit(name) } },
      async (request) => {
        await run(request.staff!, request.body as never);
        return ok(null, done);
      },
    );
  }

  /**
   * 批量受理 / 批量转办: each chosen work order goes through its own step (permission, row scope,
   * state, compare-and-set, its own transaction) in turn; a refused one is reported and the rest go
   * on. Each row gets its own audit row as if done alone, beside the call's own `appeal.batch` row.
   */
  app.post(
    '/console/api/appeal/batch',
    {
      schema: { tags, summary: '批量受理或批量转办（逐件办理，逐件报告结果）', body: workOrderBatchSchema, response: { 200: envelopeSchema(workOrderBatchResultSchema) } },
      config: { permission: DISPATCH, audit: audit('batch') },
    },
    async (request) => {
      const staff = request.staff!;
      const { action, ids, departmentId, note } = request.body;
      const titles = await appealConsole.titles(staff, ids);
      const results = [];
      for (const id of ids) {
        const body = action === 'accept' ? { id, note } : { id, departmentId: departmentId!, note };
        let outcome: { done: boolean; message: string; status: number };
        try {
          await steps[action].run(staff, body as never);
          outcome = { done: true, message: steps[action].done, status: 200 };
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          outcome = { done: false, message: err.message, status: err.code };
        }
        await auditLog.record({
          action: `appeal.${action}`,
          actorType: 'staff',
          staffId: staff.id,
          loginName: staff.loginName,
          objectType: 'appeal',
          objectId: String(id),
          result: outcome.done ? 'ok' : outcome.status === 403 ? 'denied' : 'failed',
          ip: request.ip,
          userAgent: clientOf(request).userAgent,
          detail: outcome.done ? '批量处理' : outcome.message,
          changes: maskedChanges(body),
        });
        results.push({ id, title: titles.get(id) ?? null, done: outcome.done, message: outcome.message });
      }
      const done = results.filter((r) => r.done).length;
      const verb = action === 'accept' ? '受理' : '转办';
      return ok({ results, done, refused: results.length - done }, done === results.length ? `已${verb} ${done} 件` : `已${verb} ${done} 件，${results.length - done} 件未能${verb}`);
    },
  );

  app.get(
    '/console/api/appeal/file',
    { schema: { tags, summary: '下载工单中的附件（诉求附件或答复附件）', querystring: workOrderFileQuerySchema }, config: { permission: WORK_ORDER_READERS, audit: audit('file') } },
    async (request, reply) => {
      const file = await appealConsole.file(request.staff!, request.query.id, request.query.filePath);
      return sendDownload(reply, file, file.name);
    },
  );

  // Scoped to this plugin: only the upload call accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 10, parts: 20 } });
  app.post(
    '/console/api/appeal/upload',
    {
      schema: { tags, summary: '上传答复附件（multipart 字段 file；答复后交给企业）', consumes: ['multipart/form-data'], response: { 200: envelopeSchema(uploadResultSchema) } },
      config: { permission: [DISPATCH, HANDLE], audit: { action: 'appeal.upload', objectType: 'file' } },
    },
    async (request) => {
      if (Number(request.headers['content-length']) > app.config.uploadMaxBytes + FRAMING_ALLOWANCE) throw tooLarge(app.config.uploadMaxBytes);
      if (!request.isMultipart()) throw badRequest('请以表单文件方式上传（multipart/form-data，字段名 file）');
      const part = await request.file();
      if (!part) throw badRequest('请选择要上传的文件');
      return ok(await files.uploadForRecord(request.staff!, { filename: part.filename, file: part.file }));
    },
  );

  const followUpTags = ['管理后台 · 差评整改'];
  app.post(
    '/console/api/evaluation/pages',
    { schema: { tags: followUpTags, summary: '差评整改列表（含超期标记）', body: followUpQuerySchema, response: { 200: envelopeSchema(followUpPageSchema) } }, config: { permission: FOLLOW_UP, audit: false } },
    async (request) => ok(await followUps.list(request.staff!, request.body)),
  );
  app.post(
    '/console/api/evaluation/verify',
    { schema: { tags: followUpTags, summary: '核实差评', body: followUpVerifySchema, response: nothing }, config: { permission: FOLLOW_UP, audit: { action: 'evaluation.verify', objectType: 'appeal_follow_up' } } },
    async (request) => {
      await followUps.verify(request.staff!, request.body);
      return ok(null, '核实情况已记录');
    },
  );
  app.post(
    '/console/api/evaluation/feedback',
    { schema: { tags: followUpTags, summary: '整改反馈（诉求重新办结，企业可再次评价）', body: followUpFeedbackSchema, response: nothing }, config: { permission: FOLLOW_UP, audit: { action: 'evaluation.feedback', objectType: 'appeal_follow_up' } } },
    async (request) => {
      await followUps.feedback(request.staff!, request.body);
      return ok(null, '整改反馈已发送给企业');
    },
  );
};
