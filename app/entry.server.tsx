import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';

/**
 * Pages are rendered whole before the first byte (onAllReady): the loaders are fast, a complete
 * document is what the page cache stores, and search engines and script-less browsers read
 * everything. The document is collected straight into one Buffer (no web-stream conversion,
 * since the server bridge reads it whole anyway), and the abort timer is cleared when the render
 * ends: left running, it kept every finished render alive for 11 s — at a few hundred pages a
 * second, over 100 MB of memory.
 */
export const streamTimeout = 10_000;

/**
 * `loadContext.cspNonce` (server/platform/ssr/react-router.ts) goes on every inline script: React
 * Router's (ServerRouter passes it on to Scripts, ScrollRestoration and Links) and React's own.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let errored = false;
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        const chunks: Buffer[] = [];
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              resolve(new Response(Buffer.concat(chunks), { headers, status: errored ? 500 : status }));
              done();
            },
          }),
        );
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        errored = true;
        if (!request.signal.aborted) console.error(error);
      },
    });
  });
}
