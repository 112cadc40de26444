import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleEvery } from '#server/platform/scheduler.ts';

/**
 * 政策推送 off the request: at start-up (finishing a push a restart cut short) and every 10 s, so
 * that a project published, rules changed or a profile saved reaches the enterprises within
 * seconds, while the request that caused it has long been answered.
 */
export const PUSH_EVERY_MS = 10_000;

export const matchPushJob = fp(
  async function matchPushJob(app: FastifyInstance) {
    const { match } = app.services;
    scheduleEvery(app, 'pushing matched projects', PUSH_EVERY_MS, () => match.push.run());
  },
  { name: 'match-push-job' },
);
