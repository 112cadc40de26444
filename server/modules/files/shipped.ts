import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '#server/paths.ts';
import { extensionOf, TEMPLATES, UPLOAD_KINDS } from '#contract/files.ts';

/**
 * Files shipped with the product (assets/): the public attachments of demo content under keys
 * `public/<file>`, and the fixed template set. Listed once at start-up: only a listed name is
 * ever opened, so no key or type can name anything else on the disk.
 */
export const ASSETS_DIR = path.join(ROOT_DIR, 'assets');

export interface ShippedFile {
  name: string;
  mime: string;
  size: number;
  open(): NodeJS.ReadableStream;
}

export const mimeOf = (name: string) => UPLOAD_KINDS.find((k) => k.ext === extensionOf(name))?.mime ?? 'application/octet-stream';

function shipped(dir: string, name: string): ShippedFile {
  const file = path.join(dir, name);
  return { name, mime: mimeOf(name), size: statSync(file).size, open: () => createReadStream(file) };
}

export function listPublicFiles(): Map<string, ShippedFile> {
  const dir = path.join(ASSETS_DIR, 'public');
  return new Map(readdirSync(dir).map((name) => [`public/${name}`, shipped(dir, name)]));
}

export interface ShippedTemplate extends ShippedFile {
  /** Its key in a shared bucket (storage.ts TEMPLATE_KEY): a new version of the file gets a new key. */
  key: string;
}

export function listTemplates(): Map<string, ShippedTemplate> {
  const dir = path.join(ASSETS_DIR, 'templates');
  return new Map(
    TEMPLATES.map((t) => {
      const hash = createHash('sha256').update(readFileSync(path.join(dir, t.name))).digest('hex').slice(0, 16);
      return [t.type, { ...shipped(dir, t.name), key: `t/${t.type}-${hash}${path.extname(t.name)}` }];
    }),
  );
}
