import { setV8FlagUnlessGiven } from "./v8-flags";

/**
 * V8 optimises a function with TurboFan once it has run through its "interrupt budget" of
 * bytecode (66 KB by default). A page render calls most of its functions once or a few times, so
 * with the default V8 was still optimising the render path thousands of pages after start: one
 * server's CPU per uncached page fell from about 9 to 5 ms over its first 4,000 misses. A quarter
 * of the budget gets there sooner. Side by side over the first 1,500–2,000 misses, this took
 * 8.40 → 7.20, 8.50 → 6.60 and 7.30 → 6.30 ms per miss on PostgreSQL and 8.30 → 7.50 on PGlite;
 * an eighth did no better than a quarter (docs/performance.md, "2026-11-27, later").
 *
 * V8 reads the flag each time it resets a function's budget, so setting it once the process
 * runs takes effect. Left alone when the operator chose on node's command line
 * (`node --interrupt-budget=N build/server-entry.mjs`).
 */
export const INTERRUPT_BUDGET = 16_896;

export function optimiseHotCodeSooner(): void {
  setV8FlagUnlessGiven(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
