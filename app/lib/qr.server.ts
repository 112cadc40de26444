import QRCode from 'qrcode';

export interface QrCode {
  label: string;
  url: string;
  /** An inline <svg> drawn on the server from `url`. */
  svg: string;
}

// The targets are settings (fixed for the life of the process): draw each once.
const cache = new Map<string, Promise<string>>();

function svgFor(url: string): Promise<string> {
  let svg = cache.get(url);
  if (!svg) {
    svg = QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f2d3d', light: '#ffffff' } }).then((s) =>
      // The label beside it names the code for screen readers.
      s.replace('<svg ', '<svg aria-hidden="true" focusable="false" '),
    );
    svg.catch(() => cache.delete(url));
    cache.set(url, svg);
  }
  return svg;
}

export async function qrCodesFor(items: readonly { label: string; url: string }[]): Promise<QrCode[]> {
  return Promise.all(items.map(async ({ label, url }) => ({ label, url, svg: await svgFor(url) })));
}
