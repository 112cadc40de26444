import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { platformInfoSchema, qrCodeParamsSchema, qrCodeQuerySchema } from '#contract/platform.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { ok } from '#server/platform/http/reply.ts';
import { qrCodeSvg } from './qr-code.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { site, setting } = app.services;
  app.get(
    '/uaa/api/ua/platform/info',
    { schema: { tags: ['平台'], summary: '平台信息（名称与缓存版本）', response: { 200: envelopeSchema(platformInfoSchema) } } },
    async () => ok({ ...(await site.info()), name: (await setting.site()).platformName }),
  );
  app.get(
    '/uaa/api/ua/platform/qr/:index',
    {
      schema: {
        tags: ['平台'],
        summary: '页脚二维码（SVG 图片，由站点设置的地址生成）',
        params: qrCodeParamsSchema,
        querystring: qrCodeQuerySchema,
      },
    },
    async (request, reply) => {
      const target = (await setting.site()).qrCodes[request.params.index];
      if (!target) throw notFound('该二维码不存在');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(await qrCodeSvg(target.url));
    },
  );
};
