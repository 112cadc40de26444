import path from 'node:path';
import type { Readable } from 'node:stream';
import { ErrorCode } from '#contract/envelope.ts';
import type { FileRef } from '#contract/envelope.ts';
import { extensionOf, UPLOAD_KINDS, UPLOAD_TYPE_MESSAGE, uploadTooLargeMessage, type UploadResult } from '#contract/files.ts';
import type { Insertable } from 'kysely';
import type { StaffActor } from '#contract/staff.ts';
import type { Db } from '#server/db/database.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { AppError, badRequest, notFound } from '#server/platform/http/errors.ts';
import { createFileStores, newUploadKey, UPLOAD_KEY } from '#server/platform/store/storage.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './files.repository.ts';
import type { FileTable } from './files.table.ts';
import { listPublicFiles, listTemplates } from './shipped.ts';
import { EmptyFileError, signatureCheck, TypeMismatchError } from './sniff.ts';

/** One file part of a multipart request, as @fastify/multipart hands it over. */
export interface IncomingFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

export interface Download {
  name: string;
  mime: string;
  size: number;
  isPublic: boolean;
  stream: NodeJS.ReadableStream;
}

const FILE_MISSING = '文件不存在或您无权下载';

/** A display name without folders, control or reserved characters, at most 200 characters, extension kept. */
export function cleanFileName(raw: string | undefined | null): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/\s+/g, ' ').trim();
  if (!clean || /^\.+$/.test(clean)) return '未命名文件';
  if (clean.length <= 200) return clean;
  const ext = path.extname(clean).slice(0, 20);
  return clean.slice(0, 200 - ext.length) + ext;
}

export const tooLarge = (maxBytes: number) => new AppError(ErrorCode.tooLarge, uploadTooLargeMessage(maxBytes));
const unsupported = () => new AppError(ErrorCode.unsupportedType, UPLOAD_TYPE_MESSAGE);

export function createFilesService({ config, db, log }: Deps) {
  const { uploads, templates: bucket } = createFileStores(config);
  const publicFiles = listPublicFiles();
  const templates = listTemplates();
  const readableBy = (row: repo.FileRow, user: AuthUser | null) =>
    row.isPublic === 1 || (!!user && ((row.enterpriseId !== null && row.enterpriseId === user.enterpriseId) || row.userId === user.userId));

  async function read(key: string, mayRead: (row: repo.FileRow) => boolean): Promise<Download> {
    const shipped = publicFiles.get(key);
    if (shipped) return { ...shipped, isPublic: true, stream: shipped.open() };
    if (!UPLOAD_KEY.test(key)) throw notFound(FILE_MISSING);
    const row = await repo.findFile(db, key);
    // Someone else's upload answers exactly like a missing one, so keys cannot be probed.
    if (!row || !mayRead(row)) throw notFound(FILE_MISSING);
    const stored = await uploads.get(key);
    if (!stored) {
      log.warn({ key }, '文件记录存在但存储中找不到文件');
      throw notFound(FILE_MISSING);
    }
    return { name: row.name, mime: row.mime, size: stored.size, isPublic: row.isPublic === 1, stream: stored.stream };
  }

  /** Streams one upload to storage, checking its type by content on the way; never holds it in memory. */
  async function store(part: IncomingFile, owner: Pick<Insertable<FileTable>, 'enterpriseId' | 'userId' | 'staffId' | 'isPublic'>): Promise<UploadResult> {
    const name = cleanFileName(part.filename);
    const kind = UPLOAD_KINDS.find((k) => k.ext === extensionOf(name));
    if (!kind) {
      part.file.resume();
      throw unsupported();
    }
    const key = newUploadKey();
    let size: number;
    try {
      ({ size } = await uploads.put(key, part.file, [signatureCheck(kind.ext)]));
    } catch (err) {
      if (err instanceof TypeMismatchError) throw unsupported();
      if (err instanceof EmptyFileError) throw badRequest('文件内容为空，请重新选择文件');
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(config.uploadMaxBytes);
      throw err;
    }
    if (part.file.truncated) {
      await uploads.remove(key);
      throw tooLarge(config.uploadMaxBytes);
    }
    try {
      await repo.insertFile(db, { key, name, size, mime: kind.mime, enterpriseId: null, userId: null, ...owner });
    } catch (err) {
      // The database went away meanwhile: a file no row points to must not stay in the store.
      await uploads.remove(key).catch(() => undefined);
      throw err;
    }
    return { name, path: key };
  }

  return {
    /** Streams one enterprise upload to storage; only that enterprise (and its uploader) may read it. */
    upload: (user: AuthUser, part: IncomingFile) => store(part, { enterpriseId: user.enterpriseId, userId: user.userId }),

    /**
     * A staff upload for content (notices, policies, projects: images, attachments, templates) is
     * private until the record naming it is published (content-files.ts, 先审后发); staff with
     * content rights read it meanwhile (`openForStaff`).
     */
    uploadForContent: (staff: StaffActor, part: IncomingFile) => store(part, { staffId: staff.id, isPublic: 0 }),

    /**
     * A staff upload attached to one enterprise's record (a reply's attachments): private, and
     * handed to that enterprise with the record (`handOver`).
     */
    uploadForRecord: (staff: StaffActor, part: IncomingFile) => store(part, { staffId: staff.id, isPublic: 0 }),

    /** A stored file for download: public ones to anyone, an upload only to its enterprise (or uploader). */
    open: (user: AuthUser | null, key: string) => read(key, (row) => readableBy(row, user)),

    /**
     * A download for someone signed in to the console as well: staff with content rights also read
     * the content files not yet published (the console's editor and preview show them).
     */
    openForStaff: (user: AuthUser | null, key: string) => read(key, (row) => readableBy(row, user) || (row.staffId !== null && row.enterpriseId === null)),

    /** A file a record names, for staff whom the record's service has already let see it. */
    openNamed: (key: string) => read(key, () => true),

    /** A template: from the disk, or (S3) from the shared bucket, put there by the first instance that serves it. */
    async template(type: string): Promise<Download> {
      const t = templates.get(type);
      if (!t) throw notFound('该模板不存在，请从项目页面重新下载');
      if (!bucket) return { ...t, isPublic: true, stream: t.open() };
      let stored = await bucket.get(t.key);
      if (!stored) {
        await bucket.put(t.key, t.open() as Readable);
        stored = await bucket.get(t.key);
      }
      if (!stored) throw notFound('该模板不存在，请从项目页面重新下载');
      return { name: t.name, mime: t.mime, size: stored.size, isPublic: true, stream: stored.stream };
    },

    /**
     * Attachments named in a form must be files that the same enterprise uploaded, or files the
     * record already holds (`kept`, checked when they were attached). Returns them with their
     * stored names, deduplicated; refuses anything else, naming the field.
     */
    async ownFiles(user: AuthUser, refs: readonly FileRef[], field: string, kept: readonly FileRef[] = []): Promise<FileRef[]> {
      const keys = [...new Set(refs.map((r) => r.path))];
      const rows = new Map((await repo.findFiles(db, keys.filter((k) => UPLOAD_KEY.test(k)))).map((r) => [r.key, r]));
      return keys.map((key) => {
        const previous = kept.find((k) => k.path === key);
        if (previous) return previous;
        const row = rows.get(key);
        if (!row || row.enterpriseId === null || row.enterpriseId !== user.enterpriseId) {
          const given = refs.find((r) => r.path === key)?.name ?? key;
          const msg = `附件“${given}”不是本企业上传的文件，请重新上传`;
          throw badRequest(msg, { [field]: msg });
        }
        return { name: row.name, path: key };
      });
    },

    /**
     * Attachments of public content must be files staff uploaded or files the portal ships
     * (`assets/public`); returns them with their stored names, refusing anything else by field.
     */
    async contentFiles(refs: readonly FileRef[], field: string): Promise<FileRef[]> {
      const keys = [...new Set(refs.map((r) => r.path))];
      const rows = new Map((await repo.findFiles(db, keys.filter((k) => UPLOAD_KEY.test(k)))).map((r) => [r.key, r]));
      return keys.map((key) => {
        const shipped = publicFiles.get(key);
        if (shipped) return { name: refs.find((r) => r.path === key)?.name || shipped.name, path: key };
        const row = rows.get(key);
        if (!row || row.staffId === null) {
          const msg = `附件“${refs.find((r) => r.path === key)?.name ?? key}”不是在管理后台上传的文件，请重新上传`;
          throw badRequest(msg, { [field]: msg });
        }
        return { name: row.name, path: key };
      });
    },

    /**
     * Files the bureau sends to an enterprise (a reply's attachments): staff uploads not yet given
     * to any enterprise, or the enterprise's own files. They become the enterprise's, so it may
     * download them.
     */
    async handOver(refs: readonly FileRef[], enterpriseId: number, field: string, trx: Db = db): Promise<FileRef[]> {
      const keys = [...new Set(refs.map((r) => r.path))];
      const rows = new Map((await repo.findFiles(trx, keys.filter((k) => UPLOAD_KEY.test(k)))).map((r) => [r.key, r]));
      const checked = keys.map((key) => {
        const row = rows.get(key);
        if (!row || (row.enterpriseId === null ? row.staffId === null : row.enterpriseId !== enterpriseId)) {
          const msg = `附件“${refs.find((r) => r.path === key)?.name ?? key}”不存在或不能发给该企业，请重新上传`;
          throw badRequest(msg, { [field]: msg });
        }
        return { name: row.name, path: key };
      });
      await repo.giveToEnterprise(trx, keys, enterpriseId);
      return checked;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
