import type { Logger } from "./logger";

/**
 * Gives glibc's free memory back to the system while the server works (decision 051).
 *
 * glibc returns freed memory only from the top of its heap (decision 050 keeps that line from
 * climbing). A render's buffers (its page, its compressed copy, zlib's working memory) are freed
 * in whatever order their requests end, so the free space sits in holes between blocks still in
 * use, and every page of those holes stays resident: after 20 s of uncached pages on the embedded
 * database the heap held 46 MB of which 20 MB were in use, and `malloc_trim(0)` took the server
 * from 234 to 206 MB at once. This calls it on a timer, in the seconds the process did work.
 *
 * `malloc_trim` is reached through koffi (a maintained FFI library shipping prebuilt binaries for
 * each platform in its npm packages: nothing is compiled on install). Where the C library is not
 * glibc (Alpine's musl, macOS) there is no such function, and the server runs without it.
 */

/**
 * A tick whose second used less CPU than this skips the trim: an idle server frees nothing, and a
 * trim walks every free block of the heap (1.1–1.4 ms on average under load).
 */
const BUSY_CPU_MICROSECONDS = 10_000;

export interface MallocTrim {
  stop(): void;
}

type TrimFunction = (pad: number) => number;

/** Binds glibc's `malloc_trim`, or returns null where the C library has none. */
export async function loadMallocTrim(): Promise<TrimFunction | null> {
  if (process.platform !== "linux") return null;
  try {
    const koffi = (await import("koffi")).default;
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as TrimFunction;
  } catch {
    // musl (no libc.so.6), or no prebuilt koffi binary for this platform.
    return null;
  }
}

/**
 * Starts trimming every `intervalMs` in the seconds the process did work. Returns null when
 * trimming is off (`intervalMs` 0) or glibc's `malloc_trim` cannot be reached (said at debug).
 */
export async function startMallocTrim(intervalMs: number, logger: Pick<Logger, "debug">): Promise<MallocTrim | null> {
  if (intervalMs <= 0) return null;
  const mallocTrim = await loadMallocTrim();
  if (!mallocTrim) {
    logger.debug("malloc_trim is not available here (not glibc): freed memory is returned by the C library alone");
    return null;
  }
  let cpuAtLastTick = process.cpuUsage();
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpuAtLastTick);
    cpuAtLastTick = process.cpuUsage();
    if (used.user + used.system >= BUSY_CPU_MICROSECONDS) mallocTrim(0);
  }, intervalMs);
  // The timer never keeps the process alive on its own (shutdown ends it with everything else).
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
