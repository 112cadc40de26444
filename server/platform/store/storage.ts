import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '#server/config.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * Where uploaded files live, behind one interface (docs/architecture.md "Files"): a local folder by
 * default, or a bucket of an S3-compatible store (s3-storage.ts). Keys are opaque to callers and never file-system paths.
 */
export interface Storage {
  /** Streams `source` (through `through`, e.g. a type check) into `key`; a failed write leaves nothing behind. */
  put(key: string, source: Readable, through?: Transform[]): Promise<{ size: number }>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Every key in the store, in no particular order (backups walk the whole store). */
  list(): AsyncIterable<string>;
}

/** Upload keys: `u/2026/11/<22 random url-safe characters>`. Nothing else is ever a valid upload key. */
export const UPLOAD_KEY = /^u\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}$/;

export function newUploadKey(at = new Date()): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `u/${at.getUTCFullYear()}/${month}/${randomBytes(16).toString('base64url')}`;
}

/**
 * A folder on the local disk. Keys must match `pattern` and resolve inside the folder; anything
 * else is simply absent, so a crafted key can never reach another file.
 */
export function createLocalStorage(root: string, pattern: RegExp = UPLOAD_KEY): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string): string | null => {
    if (!pattern.test(key)) return null;
    const full = path.resolve(base, key);
    return full.startsWith(base + path.sep) ? full : null;
  };

  return {
    async put(key, source, through = []) {
      const file = fileOf(key);
      if (!file) throw new Error(`invalid storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      const sink = createWriteStream(file, { flags: 'wx' });
      try {
        await pipeline([source, ...through, sink]);
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
      return { size: sink.bytesWritten };
    },

    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },

    async remove(key) {
      const file = fileOf(key);
      if (file) await rm(file, { force: true });
    },

    async *list() {
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (pattern.test(key)) yield key;
      }
    },
  };
}

/** Template keys in a shared bucket: `t/<type>-<16 hex of the content's SHA-256>.<ext>`, so a new version gets a new key. */
export const TEMPLATE_KEY = /^t\/[a-z-]+-[0-9a-f]{16}\.[a-z]+$/;

/**
 * The stores the settings name: uploads in DATA_DIR/uploads or in the S3 bucket (the portal and
 * the backup tools share this), and, with S3, the templates too, so that every instance serves
 * the same copy from the one place (null: the shipped files are served from the disk).
 */
export function createFileStores(config: Config): { uploads: Storage; templates: Storage | null } {
  const fs = config.fileStorage;
  if (fs.kind === 'local') return { uploads: createLocalStorage(path.join(config.dataDir, 'uploads')), templates: null };
  // Made on first use: the AWS SDK is loaded only then (s3-storage.ts).
  const store = (pattern: RegExp, prefix: string) => lazy(() => createS3Storage(fs, pattern, prefix));
  return { uploads: store(UPLOAD_KEY, 'u/'), templates: store(TEMPLATE_KEY, 't/') };
}

/** A store built on first use. */
function lazy(load: () => Promise<Storage>): Storage {
  let built: Promise<Storage> | null = null;
  const get = () => (built ??= load());
  return {
    put: async (key, source, through) => (await get()).put(key, source, through),
    get: async (key) => (await get()).get(key),
    remove: async (key) => (await get()).remove(key),
    async *list() {
      yield* (await get()).list();
    },
  };
}
