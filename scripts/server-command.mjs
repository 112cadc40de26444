// How the built portal is started, in one place: npm start, the bench and the tests of the built
// process take their Node flags from package.json's config.serverNodeFlags, as `npm run serve`
// does (docs/decisions.md, "V8's heap flags").
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The built server's entry, made by `npm run build`. */
export const SERVER_ENTRY = path.join(root, 'build', 'server.mjs');

/** `node` arguments that run the built server: its flags, then its entry. */
export function serverArgs() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return [...pkg.config.serverNodeFlags.split(/\s+/).filter(Boolean), SERVER_ENTRY];
}
