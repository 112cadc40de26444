import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '#server/paths.ts';

/** The import boundaries of eslint.config.js, each on a fixture that must fail (fixtures are not linted by `npm run lint`). */
describe('lint boundaries', () => {
  const eslint = new ESLint({ cwd: ROOT_DIR, ignore: false });

  it('refuses server code and other feature folders in a feature folder, and allows lib/ and its own folder', async () => {
    const code = readFileSync(`${ROOT_DIR}/tests/lint/fixtures/feature-imports.ts`, 'utf8');
    const [result] = await eslint.lintText(code, { filePath: `${ROOT_DIR}/app/features/appeal/fixture.ts` });
    const broken = result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => [m.line, m.message]);
    expect(broken).toEqual([
      [3, expect.stringContaining('app/ 不能引用 server/')],
      [4, expect.stringContaining('app/ 不能引用 server/')],
      [5, expect.stringContaining('不能引用其他功能目录')],
      [6, expect.stringContaining('不能引用其他功能目录')],
    ]);
  }, 60_000);

  it("refuses request.url in page code, whose address is React Router's `url`", async () => {
    const code = [
      "export const a = ({ request }: { request: Request }) => new URL(request.url).searchParams.get('id');",
      'export const b = (args: { request: Request }) => new URL(args.request.url).pathname;',
      "export const c = ({ url }: { url: URL }) => url.searchParams.get('id');",
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: `${ROOT_DIR}/app/routes/fixture.tsx` });
    expect(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line)).toEqual([1, 2]);
  }, 60_000);

  it('refuses a domain module in the platform, type imports included, and allows the platform itself', async () => {
    const code = readFileSync(`${ROOT_DIR}/tests/lint/fixtures/platform-imports.ts`, 'utf8');
    const [result] = await eslint.lintText(code, { filePath: `${ROOT_DIR}/server/platform/http/fixture.ts` });
    const broken = result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => [m.line, m.message]);
    expect(broken).toEqual([
      [3, expect.stringContaining('server/platform/ 不能引用 server/modules/')],
      [4, expect.stringContaining('server/platform/ 不能引用 server/modules/')],
      [5, expect.stringContaining('server/platform/ 不能引用 server/modules/')],
    ]);
  }, 60_000);

  it('refuses an import cycle, through the # aliases too', async () => {
    const [result] = await eslint.lintFiles([`${ROOT_DIR}/tests/lint/fixtures/cycle/a.ts`]);
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);
});
