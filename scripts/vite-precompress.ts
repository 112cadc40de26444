import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` copies of the client bundle's text assets at build time, at the highest
 * settings (once per build, so the cost does not matter). The server's static handler
 * (@fastify/static with `preCompressed`) sends them to clients that accept them; without this,
 * scripts and styles would leave the server uncompressed, since nothing else compresses them.
 */
export function precompress(): Plugin {
  return {
    name: 'portal:precompress',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const jobs: Promise<void>[] = [];
      for (const item of Object.values(bundle)) {
        if (!TEXT.test(item.fileName)) continue;
        const source = item.type === 'chunk' ? item.code : item.source;
        const body = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (body.length < MIN_BYTES) continue;
        const file = path.join(dir, item.fileName);
        jobs.push(
          (async () => {
            const [br, gzipped] = await Promise.all([
              brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gz(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
