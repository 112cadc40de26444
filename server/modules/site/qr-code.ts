import QRCode from 'qrcode';

// The targets are settings (fixed for the life of the process): draw each once.
const drawn = new Map<string, Promise<string>>();

/** The QR code of `url` as an SVG document, drawn by the qrcode package and kept. */
export function qrCodeSvg(url: string): Promise<string> {
  let svg = drawn.get(url);
  if (!svg) {
    svg = QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f2d3d', light: '#ffffff' } });
    svg.catch(() => drawn.delete(url));
    drawn.set(url, svg);
  }
  return svg;
}
