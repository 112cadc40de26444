import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '#server/config.ts';
import { createFileStores } from '#server/platform/store/storage.ts';
import { BackupError, DATABASE_FILE, restoreDatabase, snapshotDatabase, type DatabaseManifest } from './database.ts';
import { copyOutFiles, restoreFiles, type FileEntry } from './files.ts';

/**
 * One backup archive (.tar.gz): `manifest.json`, the database (`database.sqlite` or
 * `database.pgdump`), every uploaded file under `files/<key>`, and the generated token secret
 * (so sessions survive a restore). The manifest holds each table's row count and each file's
 * SHA-256, which the restore checks what it wrote against.
 */
export interface Manifest {
  format: 'portal-backup';
  version: 1;
  createdAt: string;
  database: DatabaseManifest;
  files: FileEntry[];
  tokenSecret: boolean;
}

const TOKEN_SECRET = 'token-secret';

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The database first, then the files: an upload is stored before its row is written, so every
 * file the snapshot names is already there when the files are copied.
 */
export function backup(config: Config, archive: string): Promise<Manifest> {
  return inTempDir(async (dir) => {
    const database = await snapshotDatabase(config, path.join(dir, DATABASE_FILE[config.database.kind]));
    const files = await copyOutFiles(createFileStores(config).uploads, path.join(dir, 'files'));
    const secret = path.join(config.dataDir, TOKEN_SECRET);
    const tokenSecret = existsSync(secret);
    if (tokenSecret) await copyFile(secret, path.join(dir, TOKEN_SECRET));
    const manifest: Manifest = { format: 'portal-backup', version: 1, createdAt: new Date().toISOString(), database, files, tokenSecret };
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));

    // Written beside the target and renamed into place: a half-written archive never has the final name.
    const partial = `${archive}.partial`;
    const entries = ['manifest.json', DATABASE_FILE[config.database.kind], ...(files.length ? ['files'] : []), ...(tokenSecret ? [TOKEN_SECRET] : [])];
    await tar.create({ gzip: true, file: partial, cwd: dir, portable: true }, entries);
    await chmod(partial, 0o600); // it holds password hashes and the signing secret
    await rename(partial, archive);
    return manifest;
  });
}

export interface RestoreReport {
  manifest: Manifest;
  tables: Record<string, number>;
  files: number;
}

/** Restores an archive into the empty database and file store the settings name, and checks it. */
export function restore(config: Config, archive: string): Promise<RestoreReport> {
  if (!existsSync(archive)) return Promise.reject(new BackupError(`找不到备份文件：${archive}`));
  return inTempDir(async (dir) => {
    await tar.extract({ file: archive, cwd: dir }).catch((err: Error) => {
      throw new BackupError(`备份文件无法解开（已损坏或不是本系统的备份）：${err.message}`);
    });
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => '{}')) as Manifest;
    if (manifest.format !== 'portal-backup' || manifest.version !== 1) throw new BackupError('这不是本系统的备份文件（缺少 manifest.json）');

    const storage = createFileStores(config).uploads;
    // Refuse before writing anything: both targets must be empty.
    for await (const key of storage.list()) throw new BackupError(`文件存储中已有文件（例如 ${key}）：恢复只写入空的文件存储，请先停止门户并换用空目录或空存储桶`);
    const tables = await restoreDatabase(config, path.join(dir, DATABASE_FILE[manifest.database.kind]), manifest.database);
    const files = await restoreFiles(storage, path.join(dir, 'files'), manifest.files);
    // The archive's secret replaces the one that loading the settings generated into the empty
    // folder (not one given in TOKEN_SECRET), so that sessions signed before the backup still hold.
    const local = path.join(config.dataDir, TOKEN_SECRET);
    if (manifest.tokenSecret && existsSync(local) && (await readFile(local, 'utf8')).trim() === config.tokenSecret) {
      await copyFile(path.join(dir, TOKEN_SECRET), local);
      await chmod(local, 0o600);
    }
    return { manifest, tables, files };
  });
}
