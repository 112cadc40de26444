import Fastify, { LogController } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { accessLogHook, type AccessLine } from './logging.ts';

/** An app logging at `level` into memory, with the portal's access line and nothing of Fastify's own. */
async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  app.decorateRequest('user', null);
  app.decorateRequest('staff', null);
  const access = pino({ level }, stream);
  accessLogHook(app, access.isLevelEnabled('info') ? (line: AccessLine) => access.info(line, 'access') : null);
  app.get('/oauth2/callback', async () => ({ ok: true }));
  app.get('/fail', async (_request, reply) => reply.code(404).send({ msg: '没有' }));
  await app.ready();
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line a request: method, path, status, time, request id and who asked, never the query or a header', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/oauth2/callback?code=SECRET-CODE&state=xyz', headers: { authorization: 'Bearer SECRET-TOKEN', cookie: 'web_access_token=SECRET-COOKIE', 'x-request-id': 'req-1' } });
    await app.inject({ url: '/fail' });
    const access = lines.filter((l) => l.msg === 'access');
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({ method: 'GET', path: '/oauth2/callback', status: 200, user: 'anonymous' });
    expect(typeof access[0].ms).toBe('number');
    expect(typeof access[0].reqId).toBe('string');
    expect(access[1]).toMatchObject({ path: '/fail', status: 404 });
    expect(JSON.stringify(lines)).not.toMatch(/SECRET/);
    // Fastify's own "incoming request" and "request completed" lines are gone.
    expect(lines.filter((l) => l.msg !== 'access')).toEqual([]);
    await app.close();
  });

  it('writes nothing per request above info', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ url: '/oauth2/callback' });
    expect(lines).toEqual([]);
    await app.close();
  });
});
