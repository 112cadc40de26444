import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file part, for `app.inject`. */
export function multipartFile(filename: string, content: Buffer | string, field = 'file', contentType = 'application/octet-stream') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Leading bytes of each kind, padded: enough for the server's content check. */
export const SAMPLES = {
  pdf: () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200)]),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]),
  jpg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]),
  zip: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200)]),
  ole2: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(200)]),
};

/**
 * Multipart bodies a server cannot read, each with what is wrong: cut short (a dropped
 * connection, a proxy limit), a boundary that does not match the declared one, and none declared.
 */
export function brokenMultipartBodies(filename: string, content: Buffer) {
  const whole = multipartFile(filename, content);
  const type = whole.headers['content-type'];
  return [
    { what: 'cut short in the file', payload: whole.payload.subarray(0, whole.payload.length - 40), headers: { 'content-type': type } },
    { what: 'cut short in the part header', payload: whole.payload.subarray(0, 50), headers: { 'content-type': type } },
    { what: 'another boundary than declared', payload: whole.payload, headers: { 'content-type': 'multipart/form-data; boundary=----portal0000000000000000' } },
    { what: 'no boundary declared', payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } },
  ];
}
