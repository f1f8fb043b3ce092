import { describe, expect, it } from "vitest";
import { mainThreadShare } from "./main-thread-share";

const MAIN = { pid: 10, tid: 1 };
/** A main-thread task at `at` ms that took `wall` ms, `cpu` of them on the CPU. */
const task = (at: number, wall: number, cpu: number, thread = MAIN) => ({
  name: "RunTask",
  ph: "X",
  ...thread,
  ts: at * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
});

describe("the main thread's share of its long tasks (bench:lighthouse)", () => {
  it("reads the tasks after the first contentful paint that count at 4×, and their blocking time from CPU time alone", () => {
    const share = mainThreadShare([
      task(100, 200, 150), // before the paint: not counted
      { name: "firstContentfulPaint", ph: "R", ...MAIN, ts: 500_000 },
      task(600, 99, 22), // a slow hour's task: 99 ms of wall time for 22 ms of CPU
      task(700, 40, 20),
      task(800, 10, 10), // 40 ms at 4×: no blocking either way
      task(900, 80, 80, { pid: 11, tid: 1 }), // another process
    ])!;
    expect(share.wallMs).toBe(139);
    expect(share.cpuMs).toBe(42);
    // Lighthouse from wall time: (396 − 50) + (160 − 50) = 456 ms; from CPU time: (88 − 50) + (80 − 50).
    expect(share.blockingAtCpuMs).toBe(68);
  });

  it("counts at the multiplier asked for, and reads nothing from a trace without a paint", () => {
    const events = [{ name: "firstContentfulPaint", ph: "R", ...MAIN, ts: 0 }, task(10, 10, 5)];
    expect(mainThreadShare(events, 4)!.wallMs).toBe(0);
    expect(mainThreadShare(events, 12)).toEqual({ wallMs: 10, cpuMs: 5, blockingAtCpuMs: 10 });
    expect(mainThreadShare([task(10, 100, 100)])).toBeNull();
  });
});
