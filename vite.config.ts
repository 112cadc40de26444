import { reactRouter } from '@react-router/dev/vite';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

/** The server's page bundle takes `react-dom/client` from app/lib/client-root.server.ts (see there). */
const serverClientRoot: Plugin = {
  name: 'server-client-root',
  enforce: 'pre',
  resolveId: (id) => (id === 'react-dom/client' ? path.resolve('app/lib/client-root.server.ts') : undefined),
};

export default defineConfig(({ command, isSsrBuild }) => {
  const serverBuild = command === 'build' && isSsrBuild === true;
  return {
    plugins: [reactRouter(), precompress(), ...(serverBuild ? [serverClientRoot] : [])],
    server: { hmr: true },
    // The production server build bundles antd and its icons, cut down to the components the pages
    // use; left external, Node loads their whole CommonJS builds at start (~30 MB more memory).
    // `npm run dev` leaves them to Node: Vite's dev module runner cannot evaluate CommonJS files.
    ...(command === 'build' && {
      resolve: {
        // The icons' "node" entry wraps their CommonJS build, which no bundler can cut down; their
        // ES modules can be (the browser build already uses them).
        alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }],
      },
      ssr: { noExternal: ['antd', /^@ant-design\//, /^@rc-component\//, /^@emotion\//] },
    }),
    // V8 keeps each module's source text for as long as the process runs, as one string, two bytes
    // a character if any character is beyond Latin-1. The server's chunks are Chinese-heavy, so
    // they are written as ASCII (\u escapes) and without JSDoc comments: half the memory.
    ...(serverBuild && { build: { rolldownOptions: { output: { charset: 'ascii', comments: { jsdoc: false } } } } }),
  };
});
