import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/**
 * Import boundaries. Patterns are regular expressions: ESLint reads a leading `#` in its
 * gitignore-style `group` patterns as a comment, so `#server/*` there never matched anything.
 * tests/lint/boundaries.test.ts proves each rule on a fixture that must fail.
 */
const noServer = { regex: '^(#server/|(\\.\\./)+server/)', allowTypeImports: true, message: 'app/ 不能引用 server/：通过 load context 使用服务' };
/** Console sub-features (console-content…) build on the console's shell (app/features/console/); nothing else crosses. */
const allowedFrom = (feature) => (feature.startsWith('console-') ? [feature, 'console'] : [feature]);
const features = readdirSync(new URL('./app/features', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'test-results/**', 'data/**', 'tests/lint/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      // The package.json `imports` aliases (#app/*, #server/*…) resolve like Node resolves them.
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      // (import-x skips type-only imports here: TypeScript erases them, so they make no load-order circle.)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One-way imports: the pages never import the server (types come through the load context).
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  // A feature folder uses lib/ and components/, never another feature: what two features share moves there.
  ...features.map((feature) => ({
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              regex: `^(#app/features/|(\\.\\./)+features/|\\.\\./)(?!(${allowedFrom(feature).join('|')})/)[\\w-]+/`,
              message: `app/features/${feature}/ 不能引用其他功能目录：共用的代码放到 app/lib/ 或 app/components/`,
            },
          ],
        },
      ],
    },
  })),
  {
    // React Router hands loaders the request as it came (react-router.config.ts): on a client
    // navigation its URL is the data address (`/notice.data?…&_routes=…`). The page's address is `url`.
    files: ['app/routes/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}', 'app/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='url'][object.name='request'], MemberExpression[property.name='url'][object.property.name='request']",
          message: '页面地址请读 loader 参数中的 url：request.url 在客户端跳转时是数据请求地址（带 .data 与 _routes）',
        },
      ],
    },
  },
  {
    // The platform knows no domain, not even a type of one: server/app.ts and server/page-context.ts
    // hand it what it needs from the domains (so no platform file closes a circle through modules/index.ts).
    files: ['server/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(#server/modules/|(\\.\\./)+modules/)', message: 'server/platform/ 不能引用 server/modules/（类型也不行）：领域由 server/app.ts 接入平台' }] }],
    },
  },
  {
    // contract/ is isomorphic and imports nothing local but itself.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(#server/|#app/|#tests/|(\\.\\./)+(server|app|tests)/)', message: 'contract/ 只能引用自身与第三方库' }] }],
    },
  },
);
