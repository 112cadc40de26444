import { expect, it } from 'vitest';
import { newRequestId, requestId } from './request-id.ts';

it('gives every request its own id, across refills of the random pool', () => {
  // 1,000 ids: the pool holds 256, so this reads it through three refills.
  const ids = Array.from({ length: 1000 }, newRequestId);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set(ids).size).toBe(ids.length);
});

it("keeps the caller's X-Request-Id when it looks like one, and replaces one that does not", () => {
  expect(requestId('trace-12345678')).toBe('trace-12345678');
  for (const bad of ['short', 'has space 12345', 'x'.repeat(65), ['trace-12345678', 'trace-87654321'], undefined]) {
    expect(requestId(bad)).toMatch(/^[0-9a-f]{32}$/);
  }
});
