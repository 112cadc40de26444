import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

/**
 * The API alone (no pages), listening on PORT with the environment's settings: for tests that
 * must watch a real process, such as its log output.
 */
const config = loadConfig(process.env);
const app = await buildApp(config, { pages: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
