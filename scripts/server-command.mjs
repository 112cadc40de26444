// How the built portal is started, in one place: npm start, the bench and the tests of the built
// process take their Node flags from package.json's config.serverNodeFlags and glibc's malloc
// arenas from config.serverMallocArenas, as `npm run serve` does (docs/decisions.md, "V8's heap
// flags" and "Two malloc arenas").
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const config = () => JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).config;

/** The built server's entry, made by `npm run build`. */
export const SERVER_ENTRY = path.join(root, 'build', 'server.mjs');

/** `node` arguments that run the built server: its flags, then its entry. */
export function serverArgs() {
  return [...config().serverNodeFlags.split(/\s+/).filter(Boolean), SERVER_ENTRY];
}

/** The environment the server runs with, over `env`: MALLOC_ARENA_MAX unless `env` sets it. */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: config().serverMallocArenas, ...env };
}
