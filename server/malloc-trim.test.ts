import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "~/env.server";
import { loadMallocTrim, startMallocTrim } from "./malloc-trim";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const residentMb = () => process.memoryUsage().rss / 1024 / 1024;
const quiet = { debug() {} };

/**
 * Leaves some 40 MB of holes in the C heap: buffers of 20–26 KB (below glibc's mmap threshold,
 * so they come from the heap, as a render's do), every other one freed. Returns the ones kept.
 */
async function fragmentTheHeap(): Promise<Buffer[]> {
  const buffers = Array.from({ length: 3600 }, (_, i) => Buffer.alloc(20_000 + (i % 7) * 1000, 1));
  const kept = buffers.filter((_, i) => i % 2 === 1);
  const allocated = process.memoryUsage().arrayBuffers;
  buffers.length = 0;
  collectGarbage();
  // V8 frees dead buffers' memory on a helper thread after the collection: on a loaded machine
  // (CI once) that came after the trim. Waited for, so the holes are there to give back.
  await vi.waitFor(() => expect(process.memoryUsage().arrayBuffers).toBeLessThan(allocated - 30 * 1024 * 1024), {
    timeout: 10_000,
    interval: 10,
  });
  return kept;
}

// Every machine the shop is built and deployed on runs glibc (Debian, the image's base).
describe("malloc_trim (glibc, through koffi)", () => {
  it("gives the free pages between blocks still in use back to the system", async () => {
    const trim = await loadMallocTrim();
    expect(trim, "glibc's malloc_trim could not be bound").not.toBeNull();
    const kept = await fragmentTheHeap();
    const before = residentMb();
    expect(trim!(0)).toBe(1);
    expect(before - residentMb()).toBeGreaterThan(10);
    expect(kept.every((buffer) => buffer[0] === 1)).toBe(true);
  });

  it("trims on its timer while the process works, and stops when asked", async () => {
    const kept = await fragmentTheHeap();
    const before = residentMb();
    // Started once the holes are made: making them is work, after which the timer would trim.
    const trimming = await startMallocTrim(50, quiet);
    expect(trimming).not.toBeNull();
    try {
      // A busy second (here a busy twentieth) is what the timer trims after.
      const until = performance.now() + 40;
      while (performance.now() < until);
      await vi.waitFor(() => expect(before - residentMb()).toBeGreaterThan(10), { timeout: 5_000, interval: 20 });
      expect(kept.length).toBe(1800);
    } finally {
      trimming!.stop();
    }
  });

  it("is off at 0", async () => {
    expect(await startMallocTrim(0, quiet)).toBeNull();
  });

  it("reads MALLOC_TRIM_INTERVAL_MS: 1000 unless set, 0 for off, a clear message for anything else", () => {
    expect(loadConfig({ NODE_ENV: "test" }).mallocTrimIntervalMs).toBe(1000);
    expect(loadConfig({ NODE_ENV: "test", MALLOC_TRIM_INTERVAL_MS: "0" }).mallocTrimIntervalMs).toBe(0);
    expect(() => loadConfig({ NODE_ENV: "test", MALLOC_TRIM_INTERVAL_MS: "soon" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "test", MALLOC_TRIM_INTERVAL_MS: "soon" })).toThrow(
      "MALLOC_TRIM_INTERVAL_MS must be a number of milliseconds (0 turns trimming off)",
    );
  });
});
