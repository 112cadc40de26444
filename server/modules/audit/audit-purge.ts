import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleEvery } from '#server/platform/scheduler.ts';

/** Audit rows past their retention go at start-up and daily. */
export const auditPurge = fp(
  async function auditPurge(app: FastifyInstance) {
    const { audit } = app.services;
    scheduleEvery(app, 'purging audit rows past retention', 24 * 3600_000, () => audit.purgeExpired());
  },
  { name: 'audit-purge' },
);
