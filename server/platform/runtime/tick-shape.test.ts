import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

// What tick-shape.ts is for, run in a process of its own: ticks, then full collections while no
// tick is queued (as between requests), then the state of `process.nextTick`'s caches for the
// properties of its tick object, read from V8's own description of the function.
const PROBE = `
(async () => {
  if (process.env.TICK_SHAPE) await import(process.env.TICK_SHAPE);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
  for (let i = 0; i < 2000; i++) process.nextTick(() => {});
  await settle();
  for (let round = 0; round < 3; round++) {
    gc();
    await settle();
    for (let i = 0; i < 100; i++) process.nextTick(() => {});
    await settle();
  }
  %DebugPrint(process.nextTick);
})();
`;

/** The states of nextTick's caches that define the tick object's properties. */
function tickCaches(keep: boolean): string[] {
  const module = pathToFileURL(path.join(import.meta.dirname, 'tick-shape.ts')).href;
  // Into a file: V8 prints with C's stdio, which loses the end of its output on the non-blocking
  // pipe Node makes of a child's stdout (a third of the runs came back cut short).
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-tick-shape-'));
  const file = path.join(dir, 'debug-print.txt');
  const fd = openSync(file, 'w');
  try {
    execFileSync(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', '-e', PROBE], {
      env: { ...process.env, TICK_SHAPE: keep ? module : '' },
      stdio: ['ignore', fd, 'pipe'],
      timeout: 30_000,
    });
    return [...readFileSync(file, 'utf8').matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

it('without a tick object kept, a full collection leaves nextTick megamorphic (the reason for tick-shape.ts)', () => {
  // If this fails, this Node no longer loses the maps: tick-shape.ts and this test can go.
  expect(tickCaches(false)).toContain('MEGAMORPHIC');
});

it('with the tick object kept, nextTick stays monomorphic through full collections', () => {
  const states = tickCaches(true);
  expect(states.length).toBeGreaterThanOrEqual(3);
  expect(new Set(states)).toEqual(new Set(['MONOMORPHIC']));
});
