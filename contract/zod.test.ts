import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

/** The first message a schema gives for a value. */
const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('the messages of rules without their own', () => {
  it('says what a person should do, in Chinese, without type names or operators', () => {
    const form = z.object({ title: z.string().max(200), count: z.number().int().min(1).max(99), kind: z.enum(['a', 'b']), tags: z.array(z.string()).min(1).max(3) });
    expect(messageOf(form, { count: 1, kind: 'a', tags: ['x'] })).toBe('此项为必填项');
    expect(messageOf(form, { title: 5, count: 1, kind: 'a', tags: ['x'] })).toBe('格式不正确，应为文字');
    expect(messageOf(form, { title: '长'.repeat(201), count: 1, kind: 'a', tags: ['x'] })).toBe('不能超过 200 个字');
    expect(messageOf(form, { title: '标题', count: 1.5, kind: 'a', tags: ['x'] })).toBe('格式不正确，应为整数');
    expect(messageOf(form, { title: '标题', count: 100, kind: 'a', tags: ['x'] })).toBe('不能大于 99');
    expect(messageOf(form, { title: '标题', count: 0, kind: 'a', tags: ['x'] })).toBe('不能小于 1');
    expect(messageOf(form, { title: '标题', count: 1, kind: 'c', tags: ['x'] })).toBe('不是可选的值，请重新选择');
    expect(messageOf(form, { title: '标题', count: 1, kind: 'a', tags: [] })).toBe('至少 1 项');
    expect(messageOf(form, { title: '标题', count: 1, kind: 'a', tags: ['1', '2', '3', '4'] })).toBe('最多 3 项');
    expect(messageOf(z.string().min(1), '')).toBe('此项为必填项');
    expect(messageOf(z.string().min(6), 'abc')).toBe('至少 6 个字');
    expect(messageOf(z.string().length(6), 'abc')).toBe('应为 6 个字');
    expect(messageOf(z.string().regex(/^\d+$/), 'abc')).toBe('格式不正确');
    expect(messageOf(z.email(), 'abc')).toBe('请输入正确的电子邮箱');
  });

  it('keeps a rule’s own message', () => {
    expect(messageOf(z.string().max(2, '标题不能超过 2 个字'), '标题长')).toBe('标题不能超过 2 个字');
  });
});
