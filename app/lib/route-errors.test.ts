import { describe, expect, it } from 'vitest';
import { idParamOr404 } from './route-errors.ts';

const url = (search: string) => new URL(`http://localhost/notice/detail${search}`);

describe('idParamOr404', () => {
  it('gives the id of a detail page', () => {
    expect(idParamOr404(url('?id=42'), '该通知公告不存在或已撤回')).toBe(42);
  });

  it.each(['', '?id=', '?id=abc', '?id=0', '?id=1.5', '?id=99999999999'])('answers 404 with the message for %j', (search) => {
    let thrown: unknown;
    try {
      idParamOr404(url(search), '该通知公告不存在或已撤回');
    } catch (e) {
      thrown = e;
    }
    const init = (thrown as { init?: ResponseInit }).init;
    expect(init?.status).toBe(404);
    expect((thrown as { data?: unknown }).data).toEqual({ message: '该通知公告不存在或已撤回' });
  });
});
