import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleEvery } from '#server/platform/scheduler.ts';

/** At start-up and daily: tells the content staff of columns that became due or stale. */
export const freshnessJob = fp(
  async function freshnessJob(app: FastifyInstance) {
    const { freshness } = app.services;
    scheduleEvery(app, 'checking column freshness', 24 * 3600_000, () => freshness.alertChanges());
  },
  { name: 'freshness-job' },
);
