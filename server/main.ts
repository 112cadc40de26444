import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

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
  const app = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info({ signal }, '正在停止服务');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error('启动失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
