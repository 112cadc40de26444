import { createHash } from 'node:crypto';

export interface QrCode {
  label: string;
  /** The image, drawn by the server from `url` (GET /uaa/api/ua/platform/qr/{index}). */
  src: string;
}

// The settings service keeps one object per cache_version: the default layout's loader, which runs
// on every page, hashes each once.
const computed = new WeakMap<readonly { label: string; url: string }[], QrCode[]>();

/**
 * The footer's QR codes as images rather than inline SVG: the browser fetches each once and keeps
 * it, where inline markup would travel in every page twice (in the HTML and in the hydration
 * data). The `v` parameter follows the target, so a changed setting is fetched anew.
 */
export function qrCodesFor(items: readonly { label: string; url: string }[]): QrCode[] {
  let codes = computed.get(items);
  if (!codes) {
    codes = items.map(({ label, url }, index) => ({
      label,
      src: `/uaa/api/ua/platform/qr/${index}?v=${createHash('sha256').update(url).digest('hex').slice(0, 10)}`,
    }));
    computed.set(items, codes);
  }
  return codes;
}
