import { randomInt } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Env } from '#server/config.ts';
import { createKv, type Kv } from '#server/platform/store/kv.ts';
import { usccCheckChar } from '#contract/validators.ts';
import * as repo from '#server/modules/account/account.repository.ts';
import { hashPassword } from '#server/platform/auth/password.ts';
import { FIXED_CAPTCHA } from '#server/platform/auth/captcha.ts';
import { FIXED_SMS_CODE } from '#server/platform/sms/sms.ts';
import { createTestApp, testDatabases, type TestApp } from './test-app.ts';

/**
 * Accounts for API tests.
 *
 * Own origin: the server treats the request's Host header (and PUBLIC_BASE_URL when set) as its
 * own. `app.inject` sends `Host: localhost:80`, so the `origin: 'http://localhost'` in `headers`
 * lets cookie-authenticated writes pass the cross-site check. To test a foreign origin, override
 * it: `{ ...headers, origin: 'https://evil.example' }`.
 */
export const TEST_ORIGIN = 'http://localhost';
export const TEST_PASSWORD = 'Qiye#2026ab';

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A valid 统一社会信用代码 (correct check digit); the same seed always gives the same code. */
export function validUscc(seed: number): string {
  let n = Math.abs(Math.floor(seed));
  let body = '';
  for (let i = 0; i < 9; i++) {
    body = USCC_CHARS[n % 31] + body;
    n = Math.floor(n / 31);
  }
  const first17 = `91310115${body}`;
  return first17 + usccCheckChar(first17)!;
}

let counter = 0;
/** A phone number no other call of this process has used. */
export function uniquePhone(): string {
  counter += 1;
  return `139${String(process.pid % 100).padStart(2, '0')}${String(counter).padStart(6, '0')}`;
}

/** A client address of its own, so per-address rate limits of one test never touch another. */
export function uniqueAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface SignUpOptions {
  phone?: string;
  enterpriseName?: string;
  /** An existing USCC joins that enterprise (give its name too). */
  uscc?: string;
  contactName?: string;
  /** Go through captcha, SMS, registration and login (slow: two password hashes). Default: write the account directly. */
  viaApi?: boolean;
}

export interface SignedUp {
  userId: number;
  enterpriseId: number;
  phone: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** `cookie` with the access token and a matching `origin`: pass to `t.call({ headers })`. */
  headers: { cookie: string; origin: string };
}

// Hashed once with cheap parameters: the parameters travel in the hash, so login still verifies it.
let cheapHash: Promise<string> | null = null;

/** Registers an enterprise user (creating or joining its enterprise) and logs in. */
export async function signUpAndLogin(t: TestApp, opts: SignUpOptions = {}): Promise<SignedUp> {
  const phone = opts.phone ?? uniquePhone();
  const uscc = opts.uscc ?? validUscc(randomInt(1, 2 ** 40));
  const enterpriseName = opts.enterpriseName ?? `测试${uscc.slice(-6)}科技有限公司`;
  const contactName = opts.contactName ?? '测试联系人';
  const password = TEST_PASSWORD;

  let access: string;
  let refresh: string;
  if (opts.viaApi) {
    ({ access, refresh } = await registerViaApi(t, { phone, uscc, enterpriseName, contactName, password }));
  } else {
    cheapHash ??= hashPassword(password, { N: 1024, r: 8, p: 1 });
    const existing = await repo.findEnterpriseByUscc(t.db, uscc);
    const enterpriseId = existing?.id ?? (await repo.insertEnterprise(t.db, { name: enterpriseName, uscc, contactName, contactPhone: phone }));
    const userId = await repo.insertUser(t.db, { phone, passwordHash: await cheapHash, nickName: contactName, enterpriseId });
    const session = await t.app.services.sessions.start({ id: userId, enterpriseId, nickName: contactName });
    access = session.access_token;
    refresh = session.refresh_token;
  }
  const user = (await repo.findUserByPhone(t.db, phone))!;
  return {
    userId: user.id,
    enterpriseId: user.enterpriseId!,
    phone,
    password,
    accessToken: access,
    refreshToken: refresh,
    headers: { cookie: `web_access_token=${access}`, origin: TEST_ORIGIN },
  };
}

async function registerViaApi(
  t: TestApp,
  a: { phone: string; uscc: string; enterpriseName: string; contactName: string; password: string },
): Promise<{ access: string; refresh: string }> {
  const remoteAddress = uniqueAddress();
  const expectOk = (step: string, r: { status: number; body: { code: number; msg: string } }) => {
    if (r.status !== 200 || r.body.code !== 0) throw new Error(`${step} failed: ${r.status} ${r.body.msg}`);
  };
  const uuid = () => `test-${randomInt(1e9, 1e10)}`;
  const u1 = uuid();
  await t.app.inject({ method: 'GET', url: `/fykj/captcha?uuid=${u1}`, remoteAddress });
  expectOk('sms', await t.call({ method: 'POST', url: '/fykj/sms', remoteAddress, payload: { phone: a.phone, scene: 'register', uuid: u1, code: FIXED_CAPTCHA } }));
  expectOk(
    'registry',
    await t.call({
      method: 'POST',
      url: '/fykj/registry',
      remoteAddress,
      payload: { phone: a.phone, smsCode: FIXED_SMS_CODE, password: a.password, enterpriseName: a.enterpriseName, uscc: a.uscc, contactName: a.contactName },
    }),
  );
  const u2 = uuid();
  await t.app.inject({ method: 'GET', url: `/fykj/captcha?uuid=${u2}`, remoteAddress });
  const login = await t.call<{ access_token: string; refresh_token: string }>({
    method: 'POST',
    url: '/fykj/en-login',
    remoteAddress,
    payload: { loginName: a.phone, password: a.password, uuid: u2, code: FIXED_CAPTCHA },
  });
  expectOk('login', login);
  return { access: login.body.data.access_token, refresh: login.body.data.refresh_token };
}

/** The kv stores the account tests run on: memory always, Redis when TEST_REDIS_URL is set. */
export const testKvKinds: ('memory' | 'redis')[] = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

/**
 * `describe` once per database × kv store. The body gets a getter for the app built in beforeAll.
 */
export function describeEachBackend(name: string, body: (t: () => TestApp) => void, env: Partial<Env> = {}) {
  for (const kind of testDatabases) {
    for (const kvKind of testKvKinds) {
      describe(`${name} [${kind}, kv ${kvKind}]`, () => {
        let t: TestApp;
        let kv: Kv | undefined;
        beforeAll(async () => {
          kv = kvKind === 'redis' ? createKv(process.env.TEST_REDIS_URL!, `test-${randomInt(1e9, 1e10)}:`) : undefined;
          t = await createTestApp(kind, env, { kv });
        });
        afterAll(async () => {
          await t?.close();
          if (kv) {
            await kv.delPrefix('');
            await kv.close();
          }
        });
        body(() => t);
      });
    }
  }
}

/** One browser talking to the API from its own address: captcha, SMS, registration, login. */
export function apiClient(t: TestApp, remoteAddress = uniqueAddress()) {
  const call = <T = any>(o: InjectOptions) => t.call<T>({ ...o, remoteAddress });
  return {
    remoteAddress,
    call,
    /** Draws a captcha; its answer is FIXED_CAPTCHA under DEV_FIXED_CODES. */
    async captcha(): Promise<string> {
      const uuid = `c-${randomInt(1e9, 1e10)}-${randomInt(1e9, 1e10)}`;
      const res = await t.app.inject({ method: 'GET', url: `/fykj/captcha?uuid=${uuid}`, remoteAddress });
      if (res.statusCode !== 200) throw new Error(`captcha: ${res.statusCode} ${res.body}`);
      return uuid;
    },
    async sms(phone: string, scene: 'register' | 'reset' = 'register') {
      return call({ method: 'POST', url: '/fykj/sms', payload: { phone, scene, uuid: await this.captcha(), code: FIXED_CAPTCHA } });
    },
    register(fields: Partial<{ phone: string; smsCode: string; password: string; enterpriseName: string; uscc: string; contactName: string }>) {
      return call({
        method: 'POST',
        url: '/fykj/registry',
        payload: { smsCode: FIXED_SMS_CODE, password: TEST_PASSWORD, enterpriseName: '上海示例贸易有限公司', uscc: validUscc(7), contactName: '李明', ...fields },
      });
    },
    async login(loginName: string, password: string) {
      return call<{ access_token: string; refresh_token: string }>({
        method: 'POST',
        url: '/fykj/en-login',
        payload: { loginName, password, uuid: await this.captcha(), code: FIXED_CAPTCHA },
      });
    },
  };
}

/** `name=value` pairs of the Set-Cookie headers of a reply. */
export function cookiesOf(headers: Record<string, unknown>): Record<string, { value: string; raw: string }> {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return Object.fromEntries(
    list.map((c: string) => {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      return [pair.slice(0, i), { value: decodeURIComponent(pair.slice(i + 1)), raw: c }];
    }),
  );
}
