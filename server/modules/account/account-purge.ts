import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleEvery } from '#server/platform/scheduler.ts';

/** Sign-in audit rows past retention and long-dead refresh tokens go at start-up and daily. */
export const accountPurge = fp(
  async function accountPurge(app: FastifyInstance) {
    const { auth, sessions } = app.services;
    scheduleEvery(app, 'purging audit rows and expired sessions', 24 * 3600_000, async () => {
      await auth.purgeAudit();
      await sessions.purgeExpired();
    });
  },
  { name: 'account-purge' },
);
