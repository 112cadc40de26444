import { afterEach, vi } from 'vitest';

// An unexpected console.error fails the test that caused it (docs/code-style.md).
let errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  spy.mockClear();
  if (seen.length) throw new Error(`unexpected console.error:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
