import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES } from '#contract/files.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { startS3Server, type S3Server } from '#tests/helpers/s3-server.ts';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';
import { createFileStores } from '#server/platform/store/storage.ts';
import { ASSETS_DIR } from './shipped.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;

function localUploads(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
}

async function bucketKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of createFileStores(t.app.config).uploads.list()) keys.push(key);
  return keys.sort();
}

it('names what is missing when FILE_STORAGE=s3 is not fully set', () => {
  expect(() => loadConfig({ FILE_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'portal' })).toThrow(
    new ConfigError('FILE_STORAGE=s3 时须同时设置 S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY 和 S3_SECRET_KEY（缺少：S3_ACCESS_KEY、S3_SECRET_KEY）'),
  );
  expect(() => loadConfig({ FILE_STORAGE: 's3', S3_ENDPOINT: 'oss', S3_BUCKET: 'Portal_Files', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' })).toThrow(
    /S3_ENDPOINT 须为完整网址[\s\S]*S3_BUCKET 须为 3–63 位小写字母、数字、点或连字符/,
  );
  expect(() => loadConfig({ FILE_STORAGE: 'ftp' as 's3' })).toThrow(/FILE_STORAGE 须为 local（本地目录）或 s3/);
});

for (const kind of testDatabases) {
  describe(`S3 文件存储，两个实例共用一个存储桶 [${kind}]`, () => {
    let s3: S3Server;
    let a: TestApp;
    let b: TestApp;
    let user: SignedUp;
    beforeAll(async () => {
      s3 = await startS3Server();
      // Instances behind one load balancer share the database, the signing secret and the bucket.
      const shared = { ...s3.env, TOKEN_SECRET: randomBytes(32).toString('hex') };
      a = await createTestApp(kind, shared);
      const db = a.app.config.database;
      b = await createTestApp(kind, { ...shared, DATABASE_URL: db.kind === 'postgres' ? db.url : `sqlite:${db.file}` });
      user = await signUpAndLogin(a, { enterpriseName: '上海共享存储科技有限公司' });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await s3?.close();
    });

    const upload = (t: TestApp, name: string, content: Buffer) => {
      const { payload, headers } = multipartFile(name, content);
      return t.call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...user.headers } });
    };

    it('downloads through one instance a file uploaded through the other', async () => {
      const content = SAMPLES.pdf();
      const up = await upload(a, '营业执照.pdf', content);
      expect(up.body.code).toBe(0);
      const down = await b.app.inject({ method: 'GET', url: `/uaa/api/download/file?filePath=${encodeURIComponent(up.body.data.path)}`, headers: user.headers });
      expect(down.statusCode).toBe(200);
      expect(down.headers['content-disposition']).toContain(encodeURIComponent('营业执照.pdf'));
      expect(sha256(down.rawPayload)).toBe(sha256(content));
      // In the bucket, not on either instance's disk.
      expect(await bucketKeys(b)).toContain(up.body.data.path);
      expect(localUploads(a)).toEqual([]);
      expect(localUploads(b)).toEqual([]);
    });

    it('serves each template from the bucket, the same bytes through both instances', async () => {
      for (const t of TEMPLATES) {
        const shipped = readFileSync(path.join(ASSETS_DIR, 'templates', t.name));
        for (const app of [a, b]) {
          const res = await app.app.inject({ method: 'GET', url: `/uaa/api/download/template?type=${t.type}` });
          expect(res.statusCode, t.type).toBe(200);
          expect(sha256(res.rawPayload), t.type).toBe(sha256(shipped));
        }
        const templates = createFileStores(a.app.config).templates!;
        let stored: Buffer | null = null;
        for await (const key of templates.list()) {
          if (key.startsWith(`t/${t.type}-`)) stored = Buffer.concat(await (await templates.get(key))!.stream.toArray());
        }
        expect(stored && sha256(stored), t.type).toBe(sha256(shipped));
      }
    });

    it('leaves nothing in the bucket when the content check refuses a file', async () => {
      const before = await bucketKeys(a);
      const res = await upload(a, '报告.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
      expect(res.status).toBe(415);
      expect(await bucketKeys(a)).toEqual(before);
    });

    it('streams a 20 MB upload to the bucket in parts as it arrives, never holding it whole', async () => {
      const size = 20 * MB - 64 * 1024;
      const chunk = randomBytes(64 * 1024);
      const boundary = `----portal${randomBytes(6).toString('hex')}`;
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="年度审计报告.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const hash = createHash('sha256').update('%PDF-1.7\n');
      let partsSeenAt = -1;
      async function* body() {
        yield head;
        for (let sent = 9; sent < size; sent += chunk.length) {
          const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
          // Past 12 of 20 MB, wait until the store holds a finished 5 MB part: a server that read
          // the whole body before writing it out would never get there, and the upload would fail.
          if (sent > 12 * MB && partsSeenAt < 0) {
            for (let i = 0; i < 300 && s3.storedParts().length === 0; i++) await sleep(50);
            if (s3.storedParts().length === 0) throw new Error('已发送 12 MB，存储桶中仍没有任何分片：上传被整体缓存了');
            partsSeenAt = sent;
          }
          hash.update(piece);
          yield piece;
        }
        yield tail;
      }
      const res = await a.app.inject({
        method: 'POST',
        url: '/uaa/api/upload/file',
        payload: Readable.from(body()),
        headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size - 9 + tail.length) },
      });
      expect(res.json().code).toBe(0);
      expect(partsSeenAt).toBeGreaterThan(12 * MB);
      expect(partsSeenAt).toBeLessThan(size);
      const down = await b.app.inject({ method: 'GET', url: `/uaa/api/download/file?filePath=${encodeURIComponent(res.json().data.path)}`, headers: user.headers });
      expect(down.headers['content-length']).toBe(String(size));
      expect(sha256(down.rawPayload)).toBe(hash.digest('hex'));
    }, 60_000);
  });
}
