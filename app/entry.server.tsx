import { renderToString } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import type { DocumentResponse } from '#server/platform/ssr/react-router.ts';

/**
 * Pages are rendered whole (the loaders are fast, a complete document is what the page cache
 * stores, and search engines and script-less browsers read everything), so they are rendered with
 * React's synchronous `renderToString`, not `renderToPipeableStream`: the stream renderer of
 * Node's build runs every render inside an AsyncLocalStorage, and on Node 20 the first such run
 * turns on async hooks for the life of the process, making every later promise, timer and socket
 * write pay for them (cache hits included). See docs/decisions.md, "Rendering without
 * AsyncLocalStorage".
 *
 * Nothing on the server suspends but React Router's `StreamTransfer`, which writes the loader data
 * (its turbo-stream) into the document chunk by chunk, suspending on each read. The stream is read
 * to its end first and its chunks handed over in `renderMeta.streamCache`, where StreamTransfer
 * looks for them, so the document is the one the stream renderer made. The reading is bounded:
 * React Router ends the stream of a pending promise after `streamTimeout`; our own timer (cleared
 * when reading ends) gives up a second later.
 */
export const streamTimeout = 10_000;

/**
 * What a loader or action threw: logged as React Router logs it by default, and handed to the
 * server in the load context, which answers a page that met the database down as the 503 that says
 * to wait (server/platform/http/outage-page.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  (context as AppLoadContext | undefined)?.failures?.push(error);
  if (!request.signal.aborted) console.error(isRouteErrorResponse(error) && 'error' in error && error.error ? error.error : error);
};

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>;

/** The loader data's turbo-stream as StreamTransfer would read it: one entry per `read()`. */
async function readHandoff(stream: ReadableStream<Uint8Array>): Promise<StreamCache> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`页面数据 ${streamTimeout + 1000} ms 内未写完`)), streamTimeout + 1000);
  });
  try {
    for (let i = 0; ; i++) {
      const { done, value } = await Promise.race([reader.read(), timedOut]);
      // StreamTransfer keeps a promise per chunk and reads only its `result` (or `error`).
      cache[i] = { result: { done, value: decoder.decode(value, { stream: true }) } } as StreamCache[number];
      if (done) return cache;
    }
  } catch (error) {
    void reader.cancel(error).catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * `loadContext.cspNonce` (server/platform/ssr/react-router.ts) goes on every inline script (React
 * Router's: ServerRouter passes it on to Scripts, ScrollRestoration, Links and StreamTransfer). A
 * complete render writes none of React's own.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
): Promise<DocumentResponse> {
  if (context.serverHandoffStream) (context.renderMeta ??= {}).streamCache = await readHandoff(context.serverHandoffStream);
  const html = renderToString(<ServerRouter context={context} url={request.url} nonce={loadContext.cspNonce} />);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // The document goes to the server bridge as bytes beside the Response, not as its body: a body
  // string is checked character by character for lone surrogates and read back through a web
  // stream, ~6% of a render's CPU. A HEAD answer (React Router makes a new Response) has none.
  return Object.assign(new Response(null, { headers, status }), { document: Buffer.from(`<!DOCTYPE html>${html}`) });
}
