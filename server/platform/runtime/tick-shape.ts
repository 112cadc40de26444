import { executionAsyncResource } from 'node:async_hooks';

/**
 * One of Node's tick objects (what `process.nextTick` queues), held for the life of the process.
 *
 * V8 collects a hidden class ("map") once no object has it. Between requests no tick object is
 * alive, so a full collection then takes the maps of `{ [async_id_symbol], [trigger_async_id_symbol],
 * callback, args }` with it, and the next tick builds new ones. `process.nextTick`'s inline caches,
 * having seen a second set of maps, turn megamorphic for good: from then on every tick (several a
 * request: the socket's write, the request's end and clean-up) defines its properties through V8's
 * runtime. A fresh process never collects, which is why bare node's 304s were a third cheaper
 * (docs/decisions.md, "The 304 gap was V8 collecting the tick object's maps"). Holding one tick
 * object keeps its maps, and the caches stay monomorphic whatever is collected.
 *
 * Taken at import, inside the first tick: main.ts imports this module before everything of its
 * own, so before the first full collection the portal's own code can cause.
 */
const kept: object[] = [];

process.nextTick(() => {
  kept.push(executionAsyncResource());
});
