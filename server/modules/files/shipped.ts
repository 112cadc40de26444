import { createReadStream, readdirSync, statSync } from 'node:fs';
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

export function listTemplates(): Map<string, ShippedFile> {
  const dir = path.join(ASSETS_DIR, 'templates');
  return new Map(TEMPLATES.map((t) => [t.type, shipped(dir, t.name)]));
}
