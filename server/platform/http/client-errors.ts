import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { newRequestId } from './request-id.ts';

export const BAD_URL_MESSAGE = '网址中含有无效的编码（%），请检查链接是否完整';
export const TOO_LONG_MESSAGE = '网址或请求头过长，请缩短后重试';

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (an over-long URL or header:
 * 431; a malformed request line: 400) and Fastify's default answer is its own JSON without the
 * request id or the security headers. This writes the envelope instead, on the raw socket.
 */
export function clientErrorReply(headers: Record<string, string>) {
  return (err: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ code: status, msg: status === 431 ? TOO_LONG_MESSAGE : '请求格式有误', data: null });
    const all: Record<string, string> = {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': newRequestId(),
      connection: 'close',
    };
    const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  };
}
