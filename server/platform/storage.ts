import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live, behind one interface (architecture.md "files"): a local folder by
 * default, an S3-compatible store later. Keys are opaque to callers and never file-system paths.
 */
export interface Storage {
  /** Streams `source` (through `through`, e.g. a type check) into `key`; a failed write leaves nothing behind. */
  put(key: string, source: Readable, through?: Transform[]): Promise<{ size: number }>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
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
  };
}
