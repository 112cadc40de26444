import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { jobsPlugin, scheduleEvery } from './scheduler.ts';

/** A job that runs until `finish()` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

it('closes only once the jobs under way have finished, and starts no timed run after the stop', async () => {
  const app = Fastify({ logger: false });
  await app.register(jobsPlugin);
  let timedRuns = 0;
  await app.register(async (scope) => scheduleEvery(scope, 'counting', 20, async () => void timedRuns++));
  await app.ready();
  expect(timedRuns).toBe(1); // the first run before the app is ready

  const job = held();
  let finished = false;
  void app.jobs.run('a push to enterprises', async () => {
    await job.done;
    finished = true;
  });
  app.jobs.stop();
  const runsAtStop = timedRuns;
  let closed = false;
  const closing = app.close().then(() => (closed = true));
  await new Promise((r) => setTimeout(r, 100));
  expect(closed).toBe(false); // still waiting for the push
  expect(timedRuns).toBe(runsAtStop);

  job.finish();
  await closing;
  expect(finished).toBe(true);
});

it('logs a failed job and goes on', async () => {
  const errors: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } } });
  await app.register(jobsPlugin);
  await app.ready();
  await app.jobs.run('a failing job', async () => {
    throw new Error('网关拒绝');
  });
  await app.jobs.run('the next job', async () => undefined);
  expect(errors.join('')).toContain('a failing job failed');
  await app.close();
});
