import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Env } from '#server/config.ts';

/**
 * An S3-compatible server (s3rver, objects kept in a temporary folder) with one bucket, and the
 * settings that point the portal at it.
 */
export interface S3Server {
  env: Partial<Env>;
  /** Files of the in-progress multipart uploads' parts, as s3rver keeps them. */
  storedParts(): string[];
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'portal-files'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    },
    storedParts: () =>
      readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && /^\d+$/.test(d.name) && /uploads/.test(d.parentPath))
        .map((d) => path.join(d.parentPath, d.name)),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
