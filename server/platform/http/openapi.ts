import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests,
 * at /api-docs/openapi.json, with a readable page at /api-docs.
 */
export const openapiPlugin = fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.site.platformName} 接口文档`,
        description: '所有接口返回统一信封 { code, msg, data }；code 为 0 表示成功，其余为失败（与 HTTP 状态码一致）。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'web_access_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api-docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  });
  app.get('/api-docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
