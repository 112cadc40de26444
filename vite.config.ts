import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  server: { hmr: true },
  resolve: {
    // The icons' "node" entry wraps their CommonJS build, which no bundler can cut down; their
    // ES modules can be (the browser build already uses them).
    alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }],
  },
  ssr: {
    // Bundled into the server build, antd and its icons are cut down to the components the pages
    // use. Left external, Node loads their whole CommonJS builds at start: ~70 MB of memory.
    noExternal: ['antd', /^@ant-design\//, /^@rc-component\//, /^@emotion\//],
  },
});
