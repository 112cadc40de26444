import { Transform } from 'node:stream';
import type { UploadExt } from '#contract/files.ts';

/**
 * The file type by content: the leading bytes of each allowed format must agree with the name's
 * extension. A renamed executable or HTML page is refused however it is called.
 * docx/xlsx/ofd are ZIP containers, doc/xls are OLE2 compound files.
 */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const SIGNATURES: Record<UploadExt, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  doc: OLE2,
  xls: OLE2,
  docx: ZIP,
  xlsx: ZIP,
  zip: ZIP,
  ofd: ZIP,
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

export const HEAD_BYTES = 8;

export function matchesSignature(ext: UploadExt, head: Buffer): boolean {
  const sig = SIGNATURES[ext];
  return head.length >= sig.length && sig.every((b, i) => head[i] === b);
}

export class TypeMismatchError extends Error {}
export class EmptyFileError extends Error {}

/**
 * Passes bytes through unchanged, holding back only the first few until they can be checked,
 * so the upload is never held in memory.
 */
export function signatureCheck(ext: UploadExt): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const verdict = (buf: Buffer) => (matchesSignature(ext, buf) ? null : new TypeMismatchError(ext));
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!head) return done(null, chunk);
      const seen = Buffer.concat([head, chunk]);
      if (seen.length < HEAD_BYTES) {
        head = seen;
        return done();
      }
      head = null;
      const err = verdict(seen);
      return err ? done(err) : done(null, seen);
    },
    flush(done) {
      // A file shorter than the head: check what there is.
      if (!head) return done();
      if (head.length === 0) return done(new EmptyFileError());
      const err = verdict(head);
      return err ? done(err) : done(null, head);
    },
  });
}
