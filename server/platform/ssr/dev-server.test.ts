import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// `npm run dev` renders the pages from the sources through Vite instead of the build; a build
// setting that only suits production (bundling antd into the server, say) breaks it unseen.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('sqlite', { NODE_ENV: 'development' }, { pages: true });
}, 60_000);
afterAll(async () => t?.close());

it('serves the public and the antd pages from the sources in development', async () => {
  for (const [url, text] of [
    ['/', '服务事项'],
    ['/notice', '通知公告'],
    ['/auth/register', '注册'],
    ['/appeal/components/appeal-form', '我要诉求'],
  ] as const) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.body, url).toContain(text);
  }
}, 60_000);
