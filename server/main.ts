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
// "V8's heap flags"). V8 reads this flag at every collection, so setting it
// here, before any load, holds whichever way the process was started.
setFlagsFromString('--heap-growing-percent=50');

/** How long requests under way and background jobs get on a stop, and when the process exits regardless. */
const DRAIN_MS = 25_000;
const FORCE_AFTER_MS = 30_000;

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
  // A stop drains (docs/operations.md "停止与重启"): requests under way and background jobs get up
  // to DRAIN_MS, new requests are answered 503; the process is gone within FORCE_AFTER_MS, or at
  // once on a second signal. A signal within a second of the first is the same stop, not a second
  // one: a worker gets it from the terminal's process group (or systemd's cgroup) and from its primary.
  let stopAt = 0;
  const close = async (signal: string) => {
    if (stopAt) {
      if (Date.now() - stopAt < 1_000) return;
      app.log.warn({ signal }, '再次收到停止信号：立即退出，未完成的请求与后台任务被中断');
      process.exit(1);
    }
    stopAt = Date.now();
    app.log.info({ signal }, '正在停止服务：不再接收新请求，等待处理中的请求与后台任务完成');
    const timer = setTimeout(() => {
      app.log.error(`${FORCE_AFTER_MS / 1000} 秒内未能停止，强制退出`);
      process.exit(1);
    }, FORCE_AFTER_MS).unref();
    await app.drain(DRAIN_MS);
    app.jobs.stop();
    await app.jobs.settled();
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
