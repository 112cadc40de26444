import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the app is ready and then every `everyMs`, until the app closes. A failure is
 * logged and the next run tries again (a housekeeping job must never stop the process).
 */
export function scheduleEvery(app: FastifyInstance, name: string, everyMs: number, task: () => Promise<unknown>): void {
  const run = async () => {
    try {
      await task();
    } catch (err) {
      app.log.error({ err }, `${name} failed`);
    }
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, everyMs).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
