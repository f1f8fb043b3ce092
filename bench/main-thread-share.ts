/** What Lighthouse's trace holds of one event (Chromium's trace event format). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (µs), beside `dur`, its wall time. */
  tdur?: number;
}

/** A task counts toward blocking time past 50 ms, once slowed (Lighthouse's mobile preset: four times). */
const LONG_TASK_MS = 50;

export interface MainThreadShare {
  /** Wall time of the page's tasks after its first contentful paint that count once slowed (at 4×: over 12.5 ms). */
  wallMs: number;
  /** The main thread's own CPU time in those same tasks. */
  cpuMs: number;
  /**
   * Blocking time as Lighthouse would count it from those tasks' CPU time instead of their wall
   * time: what the page itself asked of the CPU, whatever else the machine ran meanwhile.
   */
  blockingAtCpuMs: number;
}

/**
 * How much of its long tasks' wall time the page's main thread actually ran, read from the trace
 * of Lighthouse's own load. Lighthouse's simulated blocking time multiplies each task's wall time
 * by four. On this 2-core machine the renderer shares the cores with Chromium's browser and
 * compositor processes, the shop's server and the host's other guests: in a slow hour a task
 * that ran 22 ms of CPU took 99 ms of wall time (docs/performance.md, "2026-12-07, day"). Printed
 * beside the budget's figures, never instead of them: it tells a slow hour from a heavier page.
 */
export function mainThreadShare(traceEvents: readonly TraceEvent[], cpuSlowdown = 4): MainThreadShare | null {
  const paint = traceEvents.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return null;
  let wallMs = 0;
  let cpuMs = 0;
  let blockingAtCpuMs = 0;
  for (const event of traceEvents) {
    if (event.name !== "RunTask" || event.ph !== "X" || event.pid !== paint.pid || event.tid !== paint.tid) continue;
    if (event.ts < paint.ts || event.dur === undefined || event.tdur === undefined) continue;
    const wall = event.dur / 1000;
    if (wall * cpuSlowdown <= LONG_TASK_MS) continue;
    const cpu = event.tdur / 1000;
    wallMs += wall;
    cpuMs += cpu;
    blockingAtCpuMs += Math.max(0, cpu * cpuSlowdown - LONG_TASK_MS);
  }
  return { wallMs, cpuMs, blockingAtCpuMs };
}
