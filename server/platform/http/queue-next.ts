import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { queueNextSchema, queuePositionShape, type QueueNext } from '#contract/queue-next.ts';
import type { z } from '#contract/zod.ts';
import { ok } from './reply.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * 下一条 of one console list (docs/console.md "下一条"): `POST <list>/next` with the list's own
 * query and the item's place. Every list registers it here, so that the call reads the same, is
 * never audited (it changes nothing) and asks the list's own permission.
 */
export function queueNextRoute<Q extends z.ZodObject>(
  app: ZodApp,
  route: {
    path: string;
    tags: string[];
    summary: string;
    query: Q;
    permission: NonNullable<FastifyContextConfig['permission']>;
    next: (request: FastifyRequest, query: z.infer<Q>, id: number, at: number) => Promise<QueueNext>;
  },
): void {
  app.post(
    route.path,
    {
      schema: { tags: route.tags, summary: route.summary, body: route.query.extend(queuePositionShape), response: { 200: envelopeSchema(queueNextSchema) } },
      config: { permission: route.permission, audit: false },
    },
    async (request) => {
      const { id, at, ...query } = request.body as z.infer<Q> & { id: number; at: number };
      return ok(await route.next(request, query as z.infer<Q>, id, at));
    },
  );
}
