import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { usccCheckChar } from '../../contract/validators.ts';
import { expect, siteOrigin } from './visitor.ts';

/** A small but real PDF (the server checks the content, not only the name): `text` in its header, about `kb` KB. */
export function pdf(text: string, kb = 2): Buffer {
  return Buffer.concat([Buffer.from(`%PDF-1.4\n% ${text}\n`), Buffer.alloc(kb * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
}

/** The first link of a list page that starts with `prefix`, read from the server-rendered page. */
export async function firstLink(page: Page, list: string, prefix: string): Promise<string> {
  await page.goto(list);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href, `${list} 列出至少一条 ${prefix}`).toBeTruthy();
  return href!;
}

const stamp = Date.now() % 1e7;
let serial = 0;

/**
 * A phone (starting with `prefix`) and a valid 统一社会信用代码 no other enterprise of this run
 * uses: each spec file runs in a process of its own, so the prefix keeps two specs apart.
 */
export function newEnterpriseIds(prefix = '135'): { phone: string; uscc: string } {
  const n = stamp * 10 + serial++;
  const body = `91310115${String(n).padStart(9, '0')}`;
  return { phone: `${prefix}${String(n).padStart(8, '0')}`, uscc: body + usccCheckChar(body) };
}

export const NEW_ENTERPRISE_PASSWORD = 'Qiye#2026ab';

/**
 * Registers an enterprise and signs it in through the API (fixed captcha and SMS codes of the e2e
 * server), in the page's own browser context: a journey's own enterprise, whose declarations and
 * confirmations are not used up by the journeys before it.
 */
export async function signUpThroughApi(page: Page, who: { phone: string; uscc: string; enterpriseName: string; contactName: string }): Promise<void> {
  const headers = { origin: siteOrigin() };
  let uuid = randomUUID();
  await page.request.get(`/fykj/captcha?uuid=${uuid}`);
  expect((await (await page.request.post('/fykj/sms', { data: { phone: who.phone, scene: 'register', uuid, code: '8888' }, headers })).json()).code, 'sms').toBe(0);
  const registered = await page.request.post('/fykj/registry', {
    data: { phone: who.phone, smsCode: '123456', password: NEW_ENTERPRISE_PASSWORD, enterpriseName: who.enterpriseName, uscc: who.uscc, contactName: who.contactName },
    headers,
  });
  expect((await registered.json()).code, 'registration').toBe(0);
  uuid = randomUUID();
  await page.request.get(`/fykj/captcha?uuid=${uuid}`);
  const login = await page.request.post('/fykj/en-login', { data: { loginName: who.phone, password: NEW_ENTERPRISE_PASSWORD, uuid, code: '8888' }, headers });
  expect((await login.json()).code, 'login').toBe(0);
}
