import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { loginDemo } from '#tests/helpers/built-server.ts';
import { startPortal, stopPortal, type PortalProcess } from './portal-process.ts';
import { Readiness, Traffic } from './traffic.ts';

// The parties outside the portal's own machine go away: the SMS gateway, the S3 store, the SSO
// provider. Each failure reaches the user as a sentence saying what to do; nothing is half-stored;
// each comes back by itself (docs/operations.md "故障与恢复").
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-faults-outside-'));
const s3Dir = mkdtempSync(path.join(tmpdir(), 'portal-faults-s3-'));
const BUCKET = 'portal-faults';
let portal: PortalProcess | undefined;
let s3: S3rver | null = null;
let s3Port = 0;
let gateway: Server | null = null;
let gatewayPort = 0;
const texts: string[] = [];

async function startS3(): Promise<void> {
  s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  s3Port = (await s3.run()).port;
}
async function stopS3(): Promise<void> {
  await s3?.close();
  s3 = null;
}
async function startGateway(): Promise<void> {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      texts.push(body);
      res.end('{"result":"ok"}');
    });
  });
  await new Promise<void>((resolve) => gateway!.listen(gatewayPort, '127.0.0.1', resolve));
  gatewayPort = (gateway.address() as { port: number }).port;
}
async function stopGateway(): Promise<void> {
  gateway?.closeAllConnections();
  await new Promise((resolve) => gateway?.close(resolve));
  gateway = null;
}
/** A port nothing listens on: an SSO provider that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const objects = () => readdirSync(s3Dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile() && d.name.endsWith('._S3rver_object')).length;

beforeAll(async () => {
  const db = createDb({ kind: 'sqlite', file: path.join(dataDir, 'portal.db') });
  await migrateToLatest(db);
  await seedDemo(db);
  await db.destroy();
  await startS3();
  await startGateway();
  portal = await startPortal({
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    SMS_DRIVER: 'http',
    SMS_HTTP_URL: `http://127.0.0.1:${gatewayPort}/send`,
    FILE_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    SSO_ISSUER: `http://127.0.0.1:${await closedPort()}/oidc`,
    SSO_CLIENT_ID: 'portal',
    SSO_CLIENT_SECRET: 'faults-secret-faults-secret',
  });
}, 180_000);

afterAll(async () => {
  await stopPortal(portal);
  await stopGateway();
  await stopS3();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(s3Dir, { recursive: true, force: true });
}, 60_000);

it('answers a sentence when the SMS gateway is down and sends codes again once it is back', async () => {
  const traffic = new Traffic(portal!.origin);
  const readiness = new Readiness(portal!.origin);
  const askCode = async (phone: string) => {
    const uuid = randomUUID();
    const from = { 'x-forwarded-for': `10.2.0.${phone.slice(-2)}` };
    await traffic.call('captcha', `/fykj/captcha?uuid=${uuid}`, { headers: from });
    return traffic.call('sms', '/fykj/sms', { body: { phone, scene: 'register', uuid, code: '8888' }, headers: from });
  };
  expect((await askCode('13912340001')).code).toBe(0);

  await stopGateway();
  const refused = await askCode('13912340002');
  expect([refused.status, refused.msg, refused.retryAfter]).toEqual([503, '短信暂时无法发送，请稍后重新获取验证码', '5']);

  await startGateway();
  const again = await askCode('13912340002'); // no 60 s wait: the failed try did not count
  expect(again.code).toBe(0);
  expect(texts.some((t) => t.includes('13912340002'))).toBe(true);
  await readiness.stop();
  console.info(`[故障演练] 短信网关停止：/readyz 不就绪 ${readiness.notReadyText()}；${traffic.seen.length} 个请求中 ${traffic.count(503)} 个得到 503`);
  expect(readiness.samples.every((r) => r.status === 200)).toBe(true);
  expect(traffic.unacceptable()).toEqual([]);
  expect(portal!.alive()).toBe(true);
});

it('refuses uploads with a sentence and stores nothing while S3 is down, answers downloads 503, and serves them again after', async () => {
  const { origin } = portal!;
  const token = await loginDemo(origin);
  const traffic = new Traffic(origin);
  const readiness = new Readiness(origin);
  const auth = { authorization: `Bearer ${token}` };
  const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64 * 1024)]);
  const upload = () => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/pdf' }), '年度报告.pdf');
    return traffic.call('upload', '/uaa/api/upload/file', { form, headers: auth });
  };
  const stored = await upload();
  expect(stored.code).toBe(0);
  const key = (stored.data as { path: string }).path;
  const download = () => fetch(`${origin}/uaa/api/download/file?filePath=${encodeURIComponent(key)}`, { headers: auth });
  expect(Buffer.from(await (await download()).arrayBuffer()).equals(content)).toBe(true);

  const objectsBefore = objects();
  const db = createDb({ kind: 'sqlite', file: path.join(dataDir, 'portal.db') });
  const rows = async () => Number((await db.selectFrom('file').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rowsBefore = await rows();
  await stopS3();

  const refused = await upload();
  expect([refused.status, refused.msg, refused.retryAfter]).toEqual([503, '文件存储暂时不可用，文件未能保存，请稍后重新上传', '5']);
  const gone = await traffic.call('download', `/uaa/api/download/file?filePath=${encodeURIComponent(key)}`, { headers: auth });
  expect([gone.status, gone.msg]).toEqual([503, '文件存储暂时不可用，请稍后再下载']);
  expect(await rows()).toBe(rowsBefore);

  await startS3();
  expect(objects()).toBe(objectsBefore); // nothing half-stored meanwhile
  expect(Buffer.from(await (await download()).arrayBuffer()).equals(content)).toBe(true);
  expect((await upload()).code).toBe(0);
  await db.destroy();
  await readiness.stop();
  console.info(`[故障演练] S3 停止：/readyz 不就绪 ${readiness.notReadyText()}；${traffic.seen.length} 个请求中 ${traffic.count(503)} 个得到 503`);
  expect(readiness.samples.every((r) => r.status === 200)).toBe(true);
  expect(traffic.unacceptable()).toEqual([]);
  expect(portal!.alive()).toBe(true);
});

it('says the SSO button is unavailable while the provider is down, and password sign-in works', async () => {
  const { origin } = portal!;
  const page = await (await fetch(`${origin}/auth/login`, { headers: { accept: 'text/html' } })).text();
  expect(page).toContain('统一身份认证暂不可用');
  expect(page).not.toContain('>统一身份认证登录<');
  expect(await loginDemo(origin)).toBeTruthy();
  const traffic = new Traffic(origin);
  const sso = await traffic.call('sso', `/uaa/api/ua/login/sso/authorize-uri?redirectUri=${encodeURIComponent(`${origin}/oauth2`)}`);
  expect([sso.status, sso.msg]).toEqual([503, '统一身份认证服务暂时无法访问，请稍后再试或使用账号密码登录']);
  expect(traffic.unacceptable()).toEqual([]);
});
