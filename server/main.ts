// First, before the modules below make garbage: see there.
import './platform/runtime/tick-shape.ts';
import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { listenHost } from './platform/http/listen-host.ts';
import { runPrimary } from './workers.ts';

// After each full collection V8 lets the old generation grow to as much as four times what
// survived before collecting again. Server rendering makes a lot of short-lived garbage, so under
// load the process swelled from ~170 MB to 350–460 MB although only ~70 MB stays alive. Half as
// much again as what survived keeps the uncached bench near 235–245 MB (twice: 277–281 MB), at no
// render cost `npm run bench` can tell apart from its noise (docs/decisions.md, "Performance" and
// "The old generation grows by half"). V8 reads this flag at every collection, so setting it
// here, before any load, holds whichever way the process was started.
setFlagsFromString('--heap-growing-percent=50');

/** Reads the config, builds the app, listens, and closes gracefully on a signal. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const app = await buildApp(config);
  // Requests under way get up to 8 s to finish (docs/operations.md); the process is gone within 10 s.
  // Once: a worker may get the signal twice, from the terminal's process group and from its primary.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在停止服务：不再接收新请求，等待处理中的请求完成');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.drain(8_000);
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: await listenHost(config.host) });
}

main().catch((err) => {
  console.error('启动失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
