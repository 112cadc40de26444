// Puts back into package-lock.json the other platforms' native packages that npm left out.
//
// rollup and unrs-resolver ship their native code as optional packages, one per platform
// (@rollup/rollup-darwin-arm64, @unrs/resolver-binding-win32-x64-msvc...). When npm cannot read
// one of them from the registry (a mirror that only holds this platform's, as on the build host),
// it silently drops it from the lock file, and `npm ci` then refuses the lock everywhere:
// "package.json and package-lock.json are not in sync... Missing: @rollup/rollup-android-arm-eabi".
// This adds an entry for each missing one with its version, os, cpu and libc (read from the
// name, as the packages declare them), so npm skips it on other platforms without a download
// and fetches it by version on its own. Run after any `npm install` that changed the lock:
//     node scripts/lock-platforms.mjs
// Plain JavaScript without dependencies, like scripts/setup.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

/** The families whose native packages are named `<prefix><os>-<cpu>[-<abi>]`. */
const FAMILIES = ['@rollup/rollup-', '@unrs/resolver-binding-'];
const PLATFORM = /-(android|darwin|freebsd|linux|openbsd|openharmony|win32)-(arm|arm64|ia32|loong64|ppc64|riscv64|s390x|x64)(?:-(eabi|gnu|gnueabihf|msvc|musl|musleabihf))?$/;

function platformOf(name) {
  const m = PLATFORM.exec(name);
  if (!m) return null;
  const [, os, cpu, abi] = m;
  const libc = abi === 'gnu' || abi === 'gnueabihf' ? ['glibc'] : abi === 'musl' || abi === 'musleabihf' ? ['musl'] : undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === 'linux' ? { libc } : {}) };
}

let added = 0;
for (const [where, pkg] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (!FAMILIES.some((f) => name.startsWith(f))) continue;
    const platform = platformOf(name);
    if (!platform) throw new Error(`${name}：不认识的平台名，请在 scripts/lock-platforms.mjs 中补上`);
    // At the top, where npm hoists them, or else beside the package that wants them.
    const key = packages[`node_modules/${name}`] ? `node_modules/${name}` : `${where.slice(0, where.lastIndexOf('node_modules/'))}node_modules/${name}`;
    if (packages[key]) continue;
    const flags = Object.fromEntries(['dev', 'peer', 'devOptional'].filter((f) => pkg[f]).map((f) => [f, true]));
    packages[key] = { version, ...platform, ...flags, license: pkg.license, optional: true };
    added++;
  }
}

// npm keeps the entries sorted by path.
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
// Only when something was added: a rewrite would make the lock newer than node_modules, and
// scripts/setup.mjs would then reinstall everything on the next `npm start`.
if (added) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `package-lock.json：补上 ${added} 个其他平台的原生包。` : 'package-lock.json：其他平台的原生包都在。');
