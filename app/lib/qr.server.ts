import { createHash } from 'node:crypto';

export interface QrCode {
  label: string;
  url: string;
  /** The image, drawn by the server from `url` (GET /uaa/api/ua/platform/qr/{index}). */
  src: string;
}

/**
 * The footer's QR codes as images rather than inline SVG: the browser fetches each once and keeps
 * it, where inline markup would travel in every page twice (in the HTML and in the hydration
 * data). The `v` parameter follows the target, so a changed setting is fetched anew.
 */
export function qrCodesFor(items: readonly { label: string; url: string }[]): QrCode[] {
  return items.map(({ label, url }, index) => ({
    label,
    url,
    src: `/uaa/api/ua/platform/qr/${index}?v=${createHash('sha256').update(url).digest('hex').slice(0, 10)}`,
  }));
}
