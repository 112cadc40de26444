import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'test-results/**', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // One-way imports: the pages never import the server (types come through the load context).
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', '../server/*', '../../server/*'], allowTypeImports: true, message: 'app/ 不能引用 server/：通过 load context 使用服务' }] }],
    },
  },
  {
    // contract/ is isomorphic and imports nothing local but itself.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', '#app/*', '../server/*', '../app/*'], message: 'contract/ 只能引用自身与第三方库' }] }],
    },
  },
);
