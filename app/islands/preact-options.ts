import { options } from "preact";

/**
 * Preact's timing made React's where our islands depend on it (decision 036). The entries of
 * the pages of islands import this first, in the build and under `npm run dev`
 * (`islandsEntryModule` in vite-islands.ts); nothing else does, so the router's pages never load Preact.
 *
 * React runs the effects still pending from a commit before it renders again. Preact runs them
 * after the next paint, even when a re-render comes first: a state set in a ref callback is
 * rendered in a microtask, before the effects of the commit that set it. Radix's collections
 * register their items in an effect and look them up in exactly that re-render, so under
 * Preact's order a slider's thumbs never found their index and stayed hidden (`display: none`)
 * after hydration. Here a re-render first runs whatever effects are pending; otherwise effects
 * run when Preact runs them (after the next frame, 35 ms at most).
 */
let pendingEffects: (() => void) | null = null;

/** Runs the effects Preact has waiting, now (hydrate-islands.tsx: each island's in a task of its own). */
export const runPendingEffects = () => {
  const run = pendingEffects;
  pendingEffects = null;
  run?.();
};

options.requestAnimationFrame = (flushEffects) => {
  pendingEffects = flushEffects;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(runPendingEffects);
  };
  const timeout = setTimeout(done, 35);
  const frame = requestAnimationFrame(done);
};

/**
 * Re-renders asked for outside an event's handler run in a task of their own (Preact's default
 * is a microtask, in the task that asked for them). An island's hydration asks for its catch-up
 * at once (browser values, a slider's thumbs): in the same task, its effects and that re-render
 * made one long task with the hydration (124 ms on a collection page at 4× CPU slowdown), counted
 * whole in Lighthouse's total blocking time. A message posted to a channel runs next, without
 * setTimeout's clamping. What a tap or a key asks for is still rendered at once after its
 * handler, before the next frame, as React renders discrete input.
 */
const renderQueue: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => renderQueue.shift()?.();

/**
 * Runs the re-renders waiting for their message, now (hydrate-islands.tsx: what each island's
 * effects asked for, in a task of its own). Left to the messages, they waited behind every
 * later island's hydration (`scheduler.yield` goes first) and then ran together with a young
 * generation's collection: 19–32 ms of wall time in one task on this machine, unthrottled.
 * The messages still come and find nothing to do.
 */
export const runQueuedRenders = () => {
  while (renderQueue.length > 0) renderQueue.shift()!();
};

options.debounceRendering = (render) => {
  const run = () => {
    runPendingEffects();
    render();
  };
  if (window.event) queueMicrotask(run);
  else {
    renderQueue.push(run);
    channel.port2.postMessage(null);
  }
};
