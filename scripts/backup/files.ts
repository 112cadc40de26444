import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '#server/platform/store/storage.ts';
import { BackupError } from './database.ts';

export interface FileEntry {
  key: string;
  size: number;
  sha256: string;
}

/** A pass-through that hashes and counts what flows through it. */
function digest() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function hashOf(source: Readable): Promise<{ size: number; sha256: string }> {
  const d = digest();
  await pipeline(source, d.stream, new PassThrough().resume());
  return d.result();
}

/** Copies every stored file into `dir/<key>`, hashing each on the way. */
export async function copyOutFiles(storage: Storage, dir: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for await (const key of storage.list()) {
    const stored = await storage.get(key);
    if (!stored) continue; // removed since it was listed
    const dest = path.join(dir, key);
    await mkdir(path.dirname(dest), { recursive: true });
    const d = digest();
    await pipeline(stored.stream as Readable, d.stream, createWriteStream(dest));
    entries.push({ key, ...d.result() });
  }
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

/** Writes the archived files into the (empty) store, then reads each back and checks its hash. */
export async function restoreFiles(storage: Storage, dir: string, files: FileEntry[]): Promise<number> {
  for (const f of files) await storage.put(f.key, createReadStream(path.join(dir, f.key)));
  const wrong: string[] = [];
  for (const f of files) {
    const stored = await storage.get(f.key);
    const got = stored ? await hashOf(stored.stream as Readable) : null;
    if (!got || got.sha256 !== f.sha256 || got.size !== f.size) wrong.push(f.key);
  }
  if (wrong.length) throw new BackupError(`恢复后有 ${wrong.length} 个文件与备份不符：${wrong.slice(0, 10).join('、')}`);
  return files.length;
}
