import type { S3Client } from '@aws-sdk/client-s3';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '#server/config.ts';
import { isOutage, OutageError } from '../outage.ts';
import type { Storage } from './storage.ts';

type S3Settings = Extract<Config['fileStorage'], { kind: 's3' }>;

/** Parts of a multipart upload: S3's smallest. An upload holds at most QUEUE parts in memory at once. */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

type Sdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/lib-storage');
let sdk: Promise<Sdk> | null = null;

/**
 * The AWS SDK, imported when the first bucket is made. Imported at the top of this file, it was
 * loaded at every start even with the files on disk: the server is one esbuild bundle, which
 * inlines this lazily imported file and so hoists its imports to the bundle's top. See
 * docs/decisions.md, "The AWS SDK loads only with a bucket".
 */
function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([client, storage]) => ({ ...client, ...storage }));
  return sdk;
}

function createS3Client({ S3Client }: Sdk, s3: S3Settings): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey },
    // Buckets addressed as <endpoint>/<bucket>/<key>: every S3-compatible store (MinIO, Ceph,
    // the clouds' OSS) understands it, and no DNS name per bucket is needed.
    forcePathStyle: true,
    // Checksums only where S3 requires them: the SDK's default (CRC32 trailers in aws-chunked
    // bodies) is not understood by many S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer is given up on rather than waited for (the SDK sets no limit).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * A bucket of an S3-compatible object store, through the AWS SDK v3. Streams both ways: an
 * upload goes out in 5 MB parts as it arrives (lib-storage's multipart Upload), a download is the
 * object's response body piped on. Keys must match `pattern`, as in the local store.
 */
export async function createS3Storage(s3: S3Settings, pattern: RegExp, prefix: string): Promise<Storage> {
  const sdk = await loadSdk();
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3ServiceException, Upload } = sdk;
  const client = createS3Client(sdk, s3);
  const bucket = s3.bucket;
  const missing = (err: unknown) => err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
  // The store not there, timing out, or failing on its side (5xx, after the SDK's own three tries):
  // the request answers 503 with a sentence instead of a 500 (../outage.ts).
  const down = (err: unknown) =>
    isOutage(err) || (err instanceof Error && err.name === 'TimeoutError') || (err instanceof S3ServiceException && (err.$metadata.httpStatusCode ?? 0) >= 500);
  const outage = (err: unknown, message: string) => (down(err) ? new OutageError('files', message, { cause: err }) : err);
  const check = (key: string) => {
    if (!pattern.test(key)) throw new Error(`invalid storage key: ${key}`);
  };

  return {
    async put(key, source, through = []) {
      check(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const body = new PassThrough();
      const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: body }, partSize: PART_BYTES, queueSize: QUEUE, leavePartsOnError: false });
      const feeding = pipeline([source, ...through, counter, body]);
      try {
        await Promise.all([feeding, upload.done()]);
      } catch (err) {
        // A failed type check or an over-long file: nothing may stay behind, whole or in parts.
        body.destroy();
        await upload.abort().catch(() => undefined);
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
        throw outage(err, '文件存储暂时不可用，文件未能保存，请稍后重新上传');
      }
      return { size };
    },

    async get(key) {
      if (!pattern.test(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (missing(err)) return null;
        throw outage(err, '文件存储暂时不可用，请稍后再下载');
      }
    },

    async remove(key) {
      if (pattern.test(key)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key && pattern.test(o.Key)) yield o.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
