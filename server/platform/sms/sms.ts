import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { SmsScene } from '#contract/account.ts';
import { formatDate, maskPhone } from '#contract/format.ts';
import { badRequest } from '#server/platform/http/errors.ts';
import { OutageError } from '#server/platform/outage.ts';
import type { Kv } from '#server/platform/store/kv.ts';
import { tooMany, waitText } from '../http/rate-limit.ts';

/** SMS codes (`POST fykj/sms`): 6 digits, 5 minutes, 60 s apart, 10 a day, 5 wrong tries. */
export const SMS_TTL_SECONDS = 300;
export const SMS_COOLDOWN_SECONDS = 60;
export const SMS_DAILY_MAX = 10;
export const SMS_MAX_TRIES = 5;
export const FIXED_SMS_CODE = '123456';

/** What a code is for: the enterprise scenes of `POST fykj/sms`, and the staff console's second factor. */
export type SmsPurpose = SmsScene | 'staff_login';
const SCENE_TEXT: Record<SmsPurpose, string> = { register: '注册账号', reset: '找回密码', staff_login: '登录管理后台' };

export interface SmsMessage {
  phone: string;
  scene: SmsPurpose;
  code: string;
  minutes: number;
}

/** A notice to an enterprise (受理, 办结 ...): a registered template and its filled-in text. */
export interface SmsText {
  phone: string;
  template: string;
  text: string;
}

/** The one interface every SMS channel implements. */
export interface SmsDriver {
  send(message: SmsMessage): Promise<void>;
  /** Sends a notice; resolves with the gateway's answer, rejects when it was not accepted. */
  sendText(message: SmsText): Promise<string>;
}

/**
 * Development and demo channel: writes the code to the server log (the only place a code is
 * ever logged; production sets SMS_DRIVER=http).
 */
export function logDriver(log: FastifyBaseLogger): SmsDriver {
  return {
    async send(m) {
      log.info({ sms: { phone: maskPhone(m.phone), scene: m.scene } }, `【开发短信通道】${SCENE_TEXT[m.scene]}验证码 ${m.code}，发往 ${m.phone}，${m.minutes} 分钟内有效`);
    },
    async sendText(m) {
      log.info({ sms: { phone: maskPhone(m.phone), template: m.template } }, `【开发短信通道】${m.text}`);
      return '已写入服务器日志（开发短信通道）';
    },
  };
}

/**
 * Pauses before each retry. A code is waited for by someone at the form: two quick retries, then
 * a sentence (at most ~16 s with a gateway that hangs). A notice goes out after the reply, so it
 * backs off further and rides through a gateway restart of a few seconds before its row is marked
 * failed with the gateway's reason (docs/operations.md "故障与恢复").
 */
const CODE_RETRIES_MS = [300, 600];
const NOTICE_RETRIES_MS = [1_000, 5_000];

/** Posts JSON to the configured gateway, with a timeout per attempt and retries on failure. */
export function httpDriver(url: string, token: string | null, fetchImpl: typeof fetch = fetch, timeoutMs = 5000, noticeRetriesMs = NOTICE_RETRIES_MS): SmsDriver {
  async function post(body: object, retriesMs: readonly number[]): Promise<string> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retriesMs.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, retriesMs[attempt - 1]));
      try {
        const res = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.ok) return (await res.text().catch(() => '')).slice(0, 200) || `HTTP ${res.status}`;
        lastError = new Error(`gateway status ${res.status}`);
        if (res.status >= 400 && res.status < 500) break;
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError;
  }
  return {
    async send(m) {
      await post({ phone: m.phone, scene: m.scene, code: m.code, minutes: m.minutes }, CODE_RETRIES_MS);
    },
    sendText: (m) => post({ phone: m.phone, template: m.template, text: m.text }, noticeRetriesMs),
  };
}

export function createSmsDriver(config: Config, log: FastifyBaseLogger): SmsDriver {
  return config.sms.driver === 'http' ? httpDriver(config.sms.httpUrl!, config.sms.httpToken) : logDriver(log);
}

const today = () => formatDate(new Date());
const codeKey = (scene: SmsScene, phone: string) => `sms:code:${scene}:${phone}`;
const triesKey = (scene: SmsScene, phone: string) => `sms:tries:${scene}:${phone}`;

export function createSmsCodes(kv: Kv, driver: SmsDriver, fixedCodes: boolean, log: FastifyBaseLogger) {
  return {
    /**
     * Applies the per-phone limits, then sends a code when `deliver` is true. When it is false
     * (a phone that may not receive this scene) the limits still count and the caller answers the
     * same, so the reply does not tell whether the phone is registered.
     */
    async issue(phone: string, scene: SmsScene, deliver: boolean): Promise<void> {
      const cooldownKey = `sms:cool:${phone}`;
      if (!(await kv.setIfAbsent(cooldownKey, '1', SMS_COOLDOWN_SECONDS))) {
        const left = await kv.ttl(cooldownKey);
        throw tooMany(`短信验证码发送过于频繁，请 ${waitText(left > 0 ? left : SMS_COOLDOWN_SECONDS)}后再试`, left > 0 ? left : SMS_COOLDOWN_SECONDS);
      }
      const sentToday = await kv.incr(`sms:day:${phone}:${today()}`, 26 * 3600);
      if (sentToday > SMS_DAILY_MAX) throw tooMany(`该手机号今日接收验证码已达 ${SMS_DAILY_MAX} 次，请明天再试`, 3600);
      if (!deliver) return;
      const code = fixedCodes ? FIXED_SMS_CODE : String(randomInt(0, 1_000_000)).padStart(6, '0');
      await kv.set(codeKey(scene, phone), code, SMS_TTL_SECONDS);
      await kv.del(triesKey(scene, phone));
      try {
        await driver.send({ phone, scene, code, minutes: SMS_TTL_SECONDS / 60 });
      } catch (err) {
        await kv.del(codeKey(scene, phone), cooldownKey);
        log.error({ err: err instanceof Error ? err.message : String(err), phone: maskPhone(phone) }, 'SMS gateway failed');
        throw new OutageError('sms', '短信暂时无法发送，请稍后重新获取验证码', { cause: err });
      }
    },

    /**
     * Checks a code and spends it when right. A wrong one counts; after 5 wrong tries the code is
     * gone and a new one must be requested.
     */
    async verify(phone: string, scene: SmsScene, code: string): Promise<void> {
      const stored = await kv.get(codeKey(scene, phone));
      const invalid = () => badRequest('短信验证码错误或已失效，请重新获取', { smsCode: '短信验证码错误或已失效' });
      if (!stored) throw invalid();
      if (stored !== code) {
        const tries = await kv.incr(triesKey(scene, phone), SMS_TTL_SECONDS);
        if (tries >= SMS_MAX_TRIES) {
          await kv.del(codeKey(scene, phone), triesKey(scene, phone));
          throw badRequest('短信验证码错误次数过多，已失效，请重新获取', { smsCode: '错误次数过多，请重新获取验证码' });
        }
        throw badRequest(`短信验证码不正确，还可再试 ${SMS_MAX_TRIES - tries} 次`, { smsCode: '短信验证码不正确' });
      }
      // take() makes the check-and-spend single: two parallel requests cannot both use it.
      if ((await kv.take(codeKey(scene, phone))) !== code) throw invalid();
      await kv.del(triesKey(scene, phone));
    },
  };
}
export type SmsCodes = ReturnType<typeof createSmsCodes>;
