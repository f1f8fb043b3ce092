import { setV8FlagUnlessGiven } from "./v8-flags";

/**
 * The embedded database (PGlite) is PostgreSQL compiled to WebAssembly, 9 MB of it. By default
 * V8 compiles each wasm function twice: with Liftoff when it first runs (quick to compile, slow
 * code), then again with TurboFan once it is hot, and keeps both. Compiling with TurboFan
 * straight away keeps one copy: the server's peak RSS under the same loads fell from 330–355
 * to 280–304 MB at the same CPU per request (docs/performance.md, "2026-11-25, night"). The cost is
 * start-up: 2.8 s instead of 1.5 s before the first request is answered, and a first query of a
 * new kind waits for its functions to be optimised.
 *
 * Applied before PGlite compiles its module, unless the operator chose on node's command line
 * (`node --liftoff build/server-entry.mjs` restores V8's default).
 */
export function compileWasmOptimizedOnly(): void {
  setV8FlagUnlessGiven("--no-liftoff");
}
