import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * 政策推送 off the request: at start-up (finishing a push a restart cut short) and every 2 s, so
 * that a project published, rules changed or a profile saved reaches the enterprises within
 * seconds, while the request that caused it has long been answered. A run with nothing new costs
 * three indexed reads. The first run is not awaited: after a restart it matches every project
 * against every enterprise again, and the portal must answer meanwhile.
 */
export const PUSH_EVERY_MS = 2_000;

export const matchPushJob = fp(
  async function matchPushJob(app: FastifyInstance) {
    const { match } = app.services;
    const name = 'pushing matched projects';
    app.addHook('onReady', async () => {
      void app.jobs.run(name, () => match.push.run());
      app.jobs.every(name, PUSH_EVERY_MS, () => match.push.run());
    });
  },
  { name: 'match-push-job' },
);
