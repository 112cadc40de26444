import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleEvery } from '#server/platform/scheduler.ts';

/** Long-dead refresh tokens go at start-up and daily (the audit rows' retention: audit/audit-purge.ts). */
export const accountPurge = fp(
  async function accountPurge(app: FastifyInstance) {
    const { sessions } = app.services;
    scheduleEvery(app, 'purging expired sessions', 24 * 3600_000, () => sessions.purgeExpired());
  },
  { name: 'account-purge' },
);
