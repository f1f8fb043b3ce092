import fs from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's CPU times (100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc. */
export function cpuMs(pid: number): number {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of a process now, in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Samples a process's RSS every 100 ms until stopped: `peak()` is the highest seen, and
 * `peakSinceLastCall()` the highest since it was last called (one scenario's peak).
 */
export function watchRss(pid: number): { peak(): number; peakSinceLastCall(): number; stop(): void } {
  let peak = rssMb(pid);
  let recentPeak = peak;
  const timer = setInterval(() => {
    try {
      const now = rssMb(pid);
      peak = Math.max(peak, now);
      recentPeak = Math.max(recentPeak, now);
    } catch {
      // the process has gone
    }
  }, 100);
  return {
    peak: () => peak,
    peakSinceLastCall() {
      const value = recentPeak;
      recentPeak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}
