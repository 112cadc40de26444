import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createKv, MemoryKv, type Kv } from '#server/platform/store/kv.ts';
import { TEST_ORIGIN, uniqueAddress, uniquePhone, validUscc } from '#tests/helpers/auth.ts';
import { FIXED_CAPTCHA } from '../../platform/auth/captcha.ts';
import { RATE_LIMITS } from '../../platform/http/rate-limit.ts';
import { FIXED_SMS_CODE } from '../../platform/sms/sms.ts';

/**
 * Two instances behind a load balancer: the same PostgreSQL schema, the same Redis namespace,
 * separate connections. Without TEST_DATABASE_URL / TEST_REDIS_URL the pair shares one SQLite
 * file and one in-process kv store instead, which still shows that no instance keeps state of
 * its own (keys, counters, secrets) outside them.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const label = `${pgUrl ? 'PostgreSQL' : 'SQLite'} 与 ${redisUrl ? 'Redis' : '同一 kv 存储'}`;

describe(`两个实例共享 ${label}`, () => {
  const schema = `t_multi_${randomBytes(5).toString('hex')}`;
  const namespace = `test-multi-${randomBytes(4).toString('hex')}:`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-multi-'));
  const instances: { app: FastifyInstance; db: Db; kv: Kv }[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    let databaseUrl = `sqlite:${path.join(dataDir, 'portal.db')}`;
    if (pgUrl) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(pgUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = url.toString();
    }
    const sharedMemory = redisUrl ? null : new MemoryKv();
    // Every instance of a deployment shares the signing secret (TOKEN_SECRET).
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      DEV_FIXED_CODES: '1',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
    };
    for (let i = 0; i < 2; i++) {
      const config = loadConfig(env);
      const db = createDb(config.database, { poolSize: 3 });
      if (i === 0) await migrateToLatest(db);
      const kv = sharedMemory ?? createKv(redisUrl!, namespace);
      const app = await buildApp(config, { db, kv, pages: false });
      await app.ready();
      instances.push({ app, db, kv });
    }
    [a, b] = instances.map((x) => x.app);
  });

  afterAll(async () => {
    for (const x of instances) {
      await x.app.close();
      await x.db.destroy();
    }
    await instances[0]?.kv.delPrefix('');
    for (const kv of new Set(instances.map((x) => x.kv))) await kv.close();
    if (pgUrl) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (app: FastifyInstance, o: InjectOptions) => {
    const res = await app.inject(o);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it('accepts on one instance a captcha drawn on the other, and a token issued by the other', async () => {
    const remoteAddress = uniqueAddress();
    const phone = uniquePhone();
    await a.inject({ method: 'GET', url: '/fykj/captcha?uuid=multi-0001', remoteAddress });
    expect(
      (
        await call(b, {
          method: 'POST',
          url: '/fykj/sms',
          remoteAddress,
          payload: { phone, scene: 'register', uuid: 'multi-0001', code: FIXED_CAPTCHA },
        })
      ).status,
    ).toBe(200);
    // spent on b: a refuses it too
    expect(
      (
        await call(a, {
          method: 'POST',
          url: '/fykj/sms',
          remoteAddress,
          payload: { phone, scene: 'register', uuid: 'multi-0001', code: FIXED_CAPTCHA },
        })
      ).status,
    ).toBe(400);
    const reg = await call(a, {
      method: 'POST',
      url: '/fykj/registry',
      remoteAddress,
      payload: {
        phone,
        smsCode: FIXED_SMS_CODE,
        password: 'Multi#Inst2026',
        enterpriseName: '上海双实例测试有限公司',
        uscc: validUscc(777),
        contactName: '吴一',
      },
    });
    expect(reg.status).toBe(200);
    await b.inject({ method: 'GET', url: '/fykj/captcha?uuid=multi-0002', remoteAddress });
    const login = await call(a, {
      method: 'POST',
      url: '/fykj/en-login',
      remoteAddress,
      payload: { loginName: phone, password: 'Multi#Inst2026', uuid: 'multi-0002', code: FIXED_CAPTCHA },
    });
    expect(login.status).toBe(200);
    const { access_token, refresh_token } = login.body.data;
    const me = await call(b, { method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.body.data.loginName).toBe(phone);

    // rotated on b, the old one is spent for a; logout on a ends it on b
    const rotated = await call(b, { method: 'POST', url: '/uaa/api/refresh-token', payload: { refresh_token } });
    expect(rotated.status).toBe(200);
    const next = rotated.body.data;
    await call(a, { method: 'GET', url: '/fykj/logout', headers: { cookie: `web_access_token=${next.access_token}`, origin: TEST_ORIGIN } });
    expect((await call(b, { method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${next.access_token}` } })).status).toBe(
      401,
    );
    expect((await call(b, { method: 'POST', url: '/uaa/api/refresh-token', payload: { refresh_token: next.refresh_token } })).status).toBe(401);
  });

  it('counts a rate limit once across both instances', async () => {
    const remoteAddress = uniqueAddress();
    const { max } = RATE_LIMITS.login;
    for (let i = 0; i < max; i++) {
      const res = await call(i % 2 ? a : b, { method: 'POST', url: '/fykj/en-login', remoteAddress, payload: {} });
      expect(res.status).toBe(400);
    }
    expect((await call(a, { method: 'POST', url: '/fykj/en-login', remoteAddress, payload: {} })).status).toBe(429);
    expect((await call(b, { method: 'POST', url: '/fykj/en-login', remoteAddress, payload: {} })).status).toBe(429);
  });

  it('shares the lockout of an unknown login name and the SMS cooldown', async () => {
    const phone = uniquePhone();
    const remoteAddress = uniqueAddress();
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? a : b;
      const uuid = `multi-lock-${i}-${phone}`;
      await app.inject({ method: 'GET', url: `/fykj/captcha?uuid=${uuid}`, remoteAddress });
      const res = await call(app, {
        method: 'POST',
        url: '/fykj/en-login',
        remoteAddress,
        payload: { loginName: phone, password: 'Wrong#2026x', uuid, code: FIXED_CAPTCHA },
      });
      expect(res.status).toBe(i < 4 ? 400 : 429);
    }
    await a.inject({ method: 'GET', url: '/fykj/captcha?uuid=multi-sms-1', remoteAddress });
    await call(a, {
      method: 'POST',
      url: '/fykj/sms',
      remoteAddress,
      payload: { phone, scene: 'register', uuid: 'multi-sms-1', code: FIXED_CAPTCHA },
    });
    await b.inject({ method: 'GET', url: '/fykj/captcha?uuid=multi-sms-2', remoteAddress });
    const again = await call(b, {
      method: 'POST',
      url: '/fykj/sms',
      remoteAddress,
      payload: { phone, scene: 'register', uuid: 'multi-sms-2', code: FIXED_CAPTCHA },
    });
    expect(again.status).toBe(429);
  });
});
