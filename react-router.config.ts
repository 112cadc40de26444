import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Loaders and actions get the request as it came and read the page's address from `url`
  // (without `.data` and React Router's own parameters): no two copies of the request per loader
  // on every render (docs/decisions.md, "Renders without React Router's request copies").
  future: { v8_passThroughRequests: true },
} satisfies Config;
