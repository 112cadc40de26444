/**
 * What the server's page bundle gets for `react-dom/client` (vite.config.ts). antd mounts the roots
 * of its static message, notification and Modal.confirm with it, and only ever in a browser; the
 * real module would be loaded by the server process and held for nothing (2.1 MB of heap).
 */
export function createRoot(): never {
  throw new Error('react-dom/client 只能在浏览器中使用');
}
