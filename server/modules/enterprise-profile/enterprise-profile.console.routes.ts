import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { dossierQuerySchema, dossierSchema } from '#contract/enterprise-dossier.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 一企一档 of one enterprise, for the staff who may open the list of enterprises. */
export const enterpriseDossierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { enterpriseDossier } = app.services;
  app.get(
    '/console/api/enterprise/detail',
    {
      schema: {
        tags: ['管理后台 · 一企一档'],
        summary: '一家企业的档案：画像的每个来源与每次变更，诉求、申报、免申即享、站内消息与政策推送（各自分页）',
        querystring: dossierQuerySchema,
        response: { 200: envelopeSchema(dossierSchema) },
      },
      config: { permission: ['declare:review', 'free-declare:manage'] },
    },
    async (request) => ok(await enterpriseDossier.detail(request.staff!, request.query)),
  );
};
