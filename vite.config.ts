import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  server: { hmr: true },
});
