import { expect, it } from 'vitest';
import { downloadUrl } from '#contract/files.ts';
import { signUpAndLogin, TEST_ORIGIN } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';
import { CONSOLE_FILES_COOKIE } from '#server/modules/console-auth/console-cookies.ts';

const post = (t: TestApp, url: string, s: StaffSession, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: s.headers, payload });

async function upload(t: TestApp, s: StaffSession, name: string, body: Buffer): Promise<{ name: string; path: string }> {
  const { payload, headers } = multipartFile(name, body);
  const res = await t.call({ method: 'POST', url: '/console/api/files/upload', payload, headers: { ...headers, ...s.headers } });
  expect(res.status).toBe(200);
  return res.body.data;
}

const download = (t: TestApp, url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** 先审后发 (docs/console.md "Content"): what staff upload for content is not public before the content is. */
describeEachDb('content files are private until their record is published', (t) => {
  it('hides a notice’s image and attachment from the public until it is published; staff see them in the console meanwhile', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const image = await upload(t(), editor, '现场照片.png', SAMPLES.png());
    const attachment = await upload(t(), editor, '报名表.pdf', SAMPLES.pdf());

    expect((await download(t(), downloadUrl(image))).statusCode).toBe(404);
    expect((await download(t(), downloadUrl(attachment))).statusCode).toBe(404);
    // An enterprise signed in sees nothing either.
    const enterprise = await signUpAndLogin(t());
    expect((await download(t(), downloadUrl(image), enterprise.headers.cookie)).statusCode).toBe(404);
    // The console's sign-in leaves the files cookie for the download call alone; with it staff see the draft's files.
    const renewed = await t().app.inject({ method: 'POST', url: '/console/api/auth/refresh', headers: { origin: TEST_ORIGIN }, payload: { refresh_token: editor.refreshToken } });
    const cookie = ([renewed.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith(`${CONSOLE_FILES_COOKIE}=`))!;
    expect(cookie).toContain('Path=/uaa/api/download/file');
    expect(cookie).toContain('HttpOnly');
    const staffCookie = cookie.split(';')[0];
    const preview = await download(t(), downloadUrl(image), staffCookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    // A staff member without content rights is no different from the public.
    const payer = await staffLogin(t(), 'payer');
    expect((await download(t(), downloadUrl(image), `${CONSOLE_FILES_COOKIE}=${payer.accessToken}`)).statusCode).toBe(404);

    const content = `<p>活动现场</p><p><img src="${downloadUrl(image)}" alt="现场照片"></p>`;
    const saved = await post(t(), 'notice/save', editor, { title: `附件公开测试${process.pid}`, content, summary: '摘要', isTop: false, attachments: [attachment] });
    expect(saved.status).toBe(200);
    await post(t(), 'notice/submit', editor, { id: saved.body.data.id });
    expect((await download(t(), downloadUrl(image))).statusCode).toBe(404);
    expect((await post(t(), 'notice/publish', publisher, { id: saved.body.data.id })).status).toBe(200);

    const published = await download(t(), downloadUrl(image));
    expect(published.statusCode).toBe(200);
    expect(published.headers['cache-control']).toBe('public, max-age=3600');
    expect((await download(t(), downloadUrl(attachment))).statusCode).toBe(200);
  });

  it('serves a download under the stored file’s extension whatever fileName asks', async () => {
    const editor = await staffLogin(t(), 'editor');
    const file = await upload(t(), editor, '说明.pdf', SAMPLES.pdf());
    const cookie = `${CONSOLE_FILES_COOKIE}=${editor.accessToken}`;
    for (const [asked, served] of [
      ['说明.html', '说明.html.pdf'],
      ['setup.exe', 'setup.exe.pdf'],
      ['改名.PDF', '改名.PDF'],
    ]) {
      const res = await download(t(), `/uaa/api/download/file?filePath=${encodeURIComponent(file.path)}&fileName=${encodeURIComponent(asked)}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(served)}`);
    }
  });
});
