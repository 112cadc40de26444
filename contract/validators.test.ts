import { describe, expect, it } from 'vitest';
import { isValidUscc, landlineSchema, mobileSchema, PASSWORD_MESSAGE, passwordSchema, urlSchema, emailSchema, usccSchema } from './validators.ts';

describe('password rule (docs/product.md §5)', () => {
  it.each(['Abcdef1!', 'Zz9-zzzz', 'Passw0rd?Passw0rd?12'])('accepts %s', (pw) => {
    expect(passwordSchema.safeParse(pw).success).toBe(true);
  });
  it.each([
    ['too short', 'Ab1!xyz'],
    ['too long', 'Abcdefgh1!Abcdefgh1!x'],
    ['no uppercase', 'abcdef1!'],
    ['no lowercase', 'ABCDEF1!'],
    ['no digit', 'Abcdefg!'],
    ['no special', 'Abcdefg1'],
    ['a space', 'Abc def1!'],
    ['a special outside the set', 'Abcdef1+'],
  ])('refuses %s with the exact message', (_why, pw) => {
    const r = passwordSchema.safeParse(pw);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(PASSWORD_MESSAGE);
  });
});

describe('phone, landline, email, url', () => {
  it('mobile: 11 digits starting with 1', () => {
    expect(mobileSchema.safeParse('13800138000').success).toBe(true);
    expect(mobileSchema.safeParse('23800138000').success).toBe(false);
    expect(mobileSchema.safeParse('1380013800').success).toBe(false);
  });
  it('landline: 7-8 digits, optional area code and extension', () => {
    for (const ok of ['58880000', '1234567', '021-58880000', '0755-1234567', '02158880000', '021-58880000-123']) {
      expect(landlineSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['123456', '123456789', '21-58880000', '021-5888000a']) expect(landlineSchema.safeParse(bad).success, bad).toBe(false);
  });
  it('email and url', () => {
    expect(emailSchema.safeParse('service@zone.gov.cn').success).toBe(true);
    expect(emailSchema.safeParse('service@zone').success).toBe(false);
    for (const ok of ['http://a.cn', 'https://www.gov.cn/x?y=1', 'ftp://files.zone.cn']) expect(urlSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'www.gov.cn', 'file:///etc/passwd']) expect(urlSchema.safeParse(bad).success).toBe(false);
  });
});

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it('accepts real codes and refuses a wrong check digit', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    const r = usccSchema.safeParse('91350100M000100Y44');
    expect(r.error?.issues[0].message).toBe('统一社会信用代码校验位不正确，请核对营业执照');
  });
  it('upper-cases and trims before checking', () => {
    expect(usccSchema.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
  });
});
