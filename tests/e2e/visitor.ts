import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The one fixture of the journeys: each test comes from a client address of its own (the e2e
 * server trusts the proxy header). The journeys draw captchas and sign in far more often than one
 * visitor's limits allow (30 captchas a minute, 30 sign-ins in 10 minutes), and each journey
 * stands for a separate visitor, so sharing 127.0.0.1 made late journeys fail on a 429.
 * TEST-NET-3 (RFC 5737): a header value only, never a destination.
 */
/** The first e2e server's port; worker n drives the server on this port + n (playwright.config.ts). */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);

export const test = base.extend<object, { workerServer: void }>({
  // Each parallel worker drives a server of its own, on a database of its own: set for the
  // worker's process before anything reads E2E_PORT (e2e-data.ts, the SSO provider's port).
  workerServer: [
    async ({}, use, workerInfo) => {
      process.env.E2E_PORT = String(FIRST_PORT + workerInfo.parallelIndex);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({}, use) => {
    await use(siteOrigin());
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddress() });
  },
});

/** The origin of this worker's e2e server. */
export function siteOrigin(): string {
  return `http://localhost:${process.env.E2E_PORT}`;
}

export { expect };

export function visitorAddress(): string {
  return `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
}

/**
 * Waits until React has taken the server's document over and rendered what only the browser draws
 * (app/components/client-effects.tsx marks <html>). The container React marks when hydration starts
 * came too early: a console list is swapped for antd's table just after, and a click then was lost.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

/** The 4xx a browser reports for a call the journey means to be refused (a wrong code, a 403 page): the journey, not a fault. */
export const REFUSED_CALL = /status of 4\d\d/;

/**
 * Console errors, hydration warnings and uncaught exceptions of a page; a journey expects the list
 * to stay empty. `allow` names what the journey provokes on purpose (REFUSED_CALL, a staged 503).
 */
export function watchConsole(page: Page, { allow }: { allow?: RegExp } = {}): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (allow?.test(text)) return;
    if (msg.type() === 'error' || /hydrat|did not match/i.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

export const DEMO_ENTERPRISE = { phone: '13800138000', password: 'Demo#2026' };

/** Signs the demo enterprise in through the API; the browser context then carries the session cookies. */
export async function signInDemoEnterprise(page: Page) {
  const uuid = randomUUID();
  await page.request.get(`/fykj/captcha?uuid=${uuid}`);
  const origin = siteOrigin();
  const res = await page.request.post('/fykj/en-login', {
    data: { loginName: DEMO_ENTERPRISE.phone, password: DEMO_ENTERPRISE.password, uuid, code: '8888' },
    headers: { origin },
  });
  expect((await res.json()).code, 'demo login').toBe(0);
}
