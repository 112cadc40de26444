import * as svgCaptcha from 'svg-captcha';
import type { Kv } from '#server/platform/store/kv.ts';
import { badRequest } from '#server/platform/http/errors.ts';

/**
 * Image captcha (`GET fykj/captcha?uuid=`): drawn by svg-captcha, the answer kept in the kv store
 * for 5 minutes (so any instance can check it), compared without case, spent on its first check
 * whether right or wrong.
 */
export const CAPTCHA_TTL_SECONDS = 300;
export const FIXED_CAPTCHA = '8888';
const key = (uuid: string) => `captcha:${uuid}`;

export function createCaptcha(kv: Kv, fixedCodes: boolean) {
  return {
    async draw(uuid: string): Promise<string> {
      const { text, data } = svgCaptcha.create({
        size: 4,
        // Letters people confuse (0/O, 1/l/I) are left out.
        ignoreChars: '0oO1lIiqg9',
        noise: 3,
        color: true,
        background: '#f2f8fd',
        width: 120,
        height: 40,
        fontSize: 44,
        ...(fixedCodes ? { charPreset: FIXED_CAPTCHA[0] } : {}),
      });
      await kv.set(key(uuid), text.toLowerCase(), CAPTCHA_TTL_SECONDS);
      return data;
    },

    /** Throws a 400 on `code` unless it is the answer; the answer is spent either way. */
    async check(uuid: string, code: string): Promise<void> {
      const answer = await kv.take(key(uuid));
      if (!answer) throw badRequest('图形验证码已失效，请点击图片刷新后重新输入', { code: '图形验证码已失效，请点击图片刷新' });
      if (answer !== code.trim().toLowerCase()) {
        throw badRequest('图形验证码不正确，请看清图片后重新输入', { code: '图形验证码不正确' });
      }
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
