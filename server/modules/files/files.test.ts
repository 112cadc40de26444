import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES } from '#contract/files.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { brokenMultipartBodies, multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { MALFORMED_UPLOAD_MESSAGE } from '#server/platform/http/errors.ts';
import { createTestApp, describeEachDb, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';
import { ASSETS_DIR } from './shipped.ts';

async function upload(t: TestApp, who: SignedUp | null, name: string, content: Buffer | string) {
  const { payload, headers } = multipartFile(name, content);
  return t.call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...(who?.headers ?? {}) } });
}

function uploadedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
}

describeEachDb('文件上传与下载', (t) => {
  let a: SignedUp;
  let b: SignedUp;
  beforeAll(async () => {
    a = await signUpAndLogin(t(), { enterpriseName: '上海甲方科技有限公司' });
    b = await signUpAndLogin(t(), { enterpriseName: '上海乙方贸易有限公司' });
  });

  it('asks a visitor to log in before uploading', async () => {
    const { status, body } = await upload(t(), null, 'a.pdf', SAMPLES.pdf());
    expect(status).toBe(401);
    expect(body.msg).toMatch(/登录/);
  });

  it('stores an allowed file under an opaque key and keeps its Chinese name', async () => {
    for (const [name, content] of [
      ['营业执照（副本）.pdf', SAMPLES.pdf()],
      ['现场照片.PNG', SAMPLES.png()],
      ['photo.jpeg', SAMPLES.jpg()],
      ['申报书.docx', SAMPLES.zip()],
      ['财务报表.xls', SAMPLES.ole2()],
      ['电子发票.ofd', SAMPLES.zip()],
    ] as const) {
      const { status, body } = await upload(t(), a, name, content);
      expect(status, name).toBe(200);
      expect(body.data.name).toBe(name);
      expect(body.data.path).toMatch(/^u\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}$/);
      expect(body.data.path).not.toContain(name);
    }
  });

  it('refuses by content what the name pretends to be, and names outside the list', async () => {
    for (const [name, content] of [
      ['报告.pdf', '<html><script>alert(1)</script></html>'],
      ['照片.png', SAMPLES.pdf()],
      ['合同.docx', SAMPLES.ole2()],
      ['程序.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
      ['页面.html', '<html></html>'],
      ['无扩展名', SAMPLES.pdf()],
      ['短.pdf', '%PD'],
    ] as const) {
      const { status, body } = await upload(t(), a, name, content);
      expect(status, name).toBe(415);
      expect(body.code).toBe(415);
      expect(body.msg).toBe('不支持的文件类型，请上传 PDF、Word、Excel、JPG、PNG、ZIP、OFD 文件');
    }
  });

  it('refuses an empty file and a request without a file', async () => {
    const empty = await upload(t(), a, '空.pdf', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/为空/);
    const json = await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload: { file: 'x' }, headers: a.headers });
    expect(json.status).toBe(400);
    expect(json.body.msg).toMatch(/multipart/);
  });

  it('answers a body that is not well-formed multipart with a 400 in Chinese and keeps nothing of it', async () => {
    const before = uploadedFiles(t().dataDir).length;
    for (const broken of brokenMultipartBodies('报告.pdf', SAMPLES.pdf())) {
      const res = await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload: broken.payload, headers: { ...broken.headers, ...a.headers } });
      expect(res.status, broken.what).toBe(400);
      expect(res.body, broken.what).toEqual({ code: 400, msg: MALFORMED_UPLOAD_MESSAGE, data: null });
      expect(res.headers['x-request-id'], broken.what).toBeTruthy();
    }
    expect(uploadedFiles(t().dataDir).length).toBe(before);
  });

  it('drops folders and control characters from the uploaded name', async () => {
    const { body } = await upload(t(), a, '..\\..\\windows\\系统\u0007.pdf', SAMPLES.pdf());
    expect(body.data.name).toBe('系统.pdf');
  });

  it('gives an upload back to its enterprise only, with the Chinese name in filename*', async () => {
    const content = SAMPLES.pdf();
    const { body } = await upload(t(), a, '纳税证明 2026.pdf', content);
    const url = `/uaa/api/download/file?filePath=${encodeURIComponent(body.data.path)}&fileName=${encodeURIComponent('纳税证明 2026.pdf')}`;
    const own = await t().app.inject({ method: 'GET', url, headers: a.headers });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(content)).toBe(true);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(`attachment; filename="____ 2026.pdf"; filename*=UTF-8''%E7%BA%B3%E7%A8%8E%E8%AF%81%E6%98%8E%202026.pdf`);
    expect(own.headers['cache-control']).toContain('no-store');

    // A colleague of the same enterprise may read it; another enterprise and visitors may not.
    const colleague = await signUpAndLogin(t(), { uscc: (await t().db.selectFrom('enterprise').select('uscc').where('id', '=', a.enterpriseId).executeTakeFirstOrThrow()).uscc });
    expect((await t().app.inject({ method: 'GET', url, headers: colleague.headers })).statusCode).toBe(200);
    for (const headers of [b.headers, {}]) {
      const res = await t().call({ method: 'GET', url, headers });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('文件不存在或您无权下载');
    }
  });

  it('serves the shipped public files to anyone', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/uaa/api/download/file?filePath=public/notice-guide.pdf&fileName=申报指南.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.equals(readFileSync(path.join(ASSETS_DIR, 'public/notice-guide.pdf')))).toBe(true);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E7%94%B3%E6%8A%A5%E6%8C%87%E5%8D%97.pdf");
    // A name given in the address cannot smuggle folders or quotes into the header.
    const evil = await t().app.inject({ method: 'GET', url: `/uaa/api/download/file?filePath=public/notice-guide.pdf&fileName=${encodeURIComponent('../"x".pdf')}` });
    expect(evil.headers['content-disposition']).toBe(`attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`);
  });

  it('never reads outside the store: traversal, absolute and encoded keys are 404', async () => {
    for (const key of [
      '../package.json',
      '../../package.json',
      '/etc/passwd',
      'public/../package.json',
      'public/../../server/config.ts',
      'public/../templates/申报书模板.docx',
      'u/../portal.db',
      'u/2026/11/../../../portal.db',
      '..%2f..%2fpackage.json',
      '%2e%2e/%2e%2e/package.json',
      'public%2f..%2f..%2fpackage.json',
      '....//....//etc/passwd',
      'u\\..\\..\\portal.db',
      'C:\\Windows\\win.ini',
      'file:///etc/passwd',
      'public/',
      'public',
      '',
    ]) {
      const res = await t().call({ method: 'GET', url: `/uaa/api/download/file?filePath=${encodeURIComponent(key)}`, headers: a.headers });
      expect([400, 404], key).toContain(res.status);
      expect(res.body.code, key).not.toBe(0);
    }
    // Raw (not re-encoded) traversal in the query string too.
    for (const raw of ['../../package.json', '%2e%2e%2f%2e%2e%2fpackage.json', '%252e%252e%252fpackage.json']) {
      const res = await t().call({ method: 'GET', url: `/uaa/api/download/file?filePath=${raw}` });
      expect(res.status, raw).toBe(404);
    }
  });

  it('serves every template of the fixed set as a real Office file', async () => {
    for (const tpl of TEMPLATES) {
      const res = await t().app.inject({ method: 'GET', url: `/uaa/api/download/template?type=${tpl.type}` });
      expect(res.statusCode, tpl.type).toBe(200);
      expect(res.rawPayload.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
      expect(res.rawPayload.includes(Buffer.from('[Content_Types].xml'))).toBe(true);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(tpl.name)}`);
      expect(res.headers['content-type']).toMatch(tpl.name.endsWith('.xlsx') ? /spreadsheetml/ : /wordprocessingml/);
    }
    for (const type of ['unknown', '../申报书模板.docx', 'declaration/../../x']) {
      const res = await t().call({ method: 'GET', url: `/uaa/api/download/template?type=${encodeURIComponent(type)}` });
      expect(res.status, type).toBe(404);
      expect(res.body.msg).toMatch(/模板不存在/);
    }
  });
});

describe.each(testDatabases)('上传大小限制 [%s]', (kind) => {
  let t: TestApp;
  let a: SignedUp;
  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_MAX_MB: '0.01' }); // 10 KB
    a = await signUpAndLogin(t);
  });
  afterAll(async () => t?.close());

  it('refuses a file over the limit with 413 in Chinese and keeps nothing of it', async () => {
    const before = uploadedFiles(t.dataDir).length;
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(12 * 1024, 0x20)]);
    const { status, body } = await upload(t, a, '大文件.pdf', big);
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 413, data: null });
    expect(body.msg).toBe('文件不能超过 10 KB，请压缩后重新上传');
    expect(uploadedFiles(t.dataDir).length).toBe(before);
  });

  it('refuses a request that declares more than the limit before reading it', async () => {
    const { payload, headers } = multipartFile('x.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(200 * 1024)]));
    const res = await t.call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...a.headers } });
    expect(res.status).toBe(413);
  });

  it('accepts a file just under the limit', async () => {
    const ok = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(9 * 1024, 0x20)]);
    const { status } = await upload(t, a, '小文件.pdf', ok);
    expect(status).toBe(200);
  });
});
