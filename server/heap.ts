import v8 from "node:v8";

/**
 * How much V8 lets the heap grow past what survived its last full collection before it collects
 * again. Left to itself V8 picks a factor between 1.1 and 4: under load the server's heap went
 * from 60 MB live to 250 MB between collections, and its RSS to 450 MB on PostgreSQL. A quarter
 * keeps the peak near 200 MB at the same throughput (docs/performance.md, "the heap kept
 * tight"), without a hard cap that could stop the shop when a large export truly needs memory.
 */
export const HEAP_GROWING_PERCENT = 25;

/**
 * Applies HEAP_GROWING_PERCENT unless the operator chose a factor on node's command line
 * (`node --heap-growing-percent=N build/server-entry.mjs`). V8 reads the flag at every full
 * collection, so setting it once the process runs takes effect.
 */
export function limitHeapGrowth(): void {
  if (!process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) {
    v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  }
}
