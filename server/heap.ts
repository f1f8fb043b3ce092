import { setV8FlagUnlessGiven } from "./v8-flags";
import type { DriverName } from "~db/client";

/**
 * How much V8 lets the heap grow past what survived its last full collection before it collects
 * again. Left to itself V8 picks a factor between 1.1 and 4: under load the server's heap went
 * from 60 MB live to 250 MB between collections, and its RSS to 450 MB on PostgreSQL
 * (docs/performance.md, "the heap kept tight"). A hard cap could stop the shop when a large
 * export truly needs memory, so the factor is limited instead:
 *
 * - on the embedded database a quarter: PostgreSQL itself (PGlite) lives in the server's
 *   process and takes some 100 MB of the same 250 MB budget;
 * - on PostgreSQL a half: the peak stays near 220 MB, and a render costs about 4–7 % less CPU
 *   because the heap is collected less often ("2026-11-25, night").
 */
export const HEAP_GROWING_PERCENT: Record<DriverName, number> = { pglite: 25, postgres: 50 };

/**
 * Applies HEAP_GROWING_PERCENT for the database the shop runs on, unless the operator chose a
 * factor on node's command line (`node --heap-growing-percent=N build/server-entry.mjs`). V8
 * reads the flag at every full collection, so setting it once the process runs takes effect.
 */
export function limitHeapGrowth(driver: DriverName): void {
  setV8FlagUnlessGiven(`--heap-growing-percent=${HEAP_GROWING_PERCENT[driver]}`);
}
