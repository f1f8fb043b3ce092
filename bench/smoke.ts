import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * Every benchmark, for a moment, so none can rot (the budgets in docs/performance.md: every `bench:*`
 * runs for a moment in CI): each `bench:*` script of package.json, taken from there so a new bench is
 * smoked without being listed twice, runs as `npm run bench:… -- --smoke` (tiny data, a second or
 * two of load; bench/smoke-mode.ts), one after the other. A bench fails when it exits non-zero
 * or runs past SMOKE_TIMEOUT_SECONDS, never on a figure it prints. Prints each bench's duration
 * and exit, then the total; exits 1 if any failed. The server and Lighthouse benches need a build:
 * one is made first if the sources changed since the last (scripts/build-if-stale.ts).
 * Usage: npm run bench:smoke [-- bench:checkout bench:admin]  (PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL)
 */
const TIMEOUT_SECONDS = Number(process.env.SMOKE_TIMEOUT_SECONDS ?? 300);
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
const everyBench = Object.keys(packageJson.scripts).filter((name) => name.startsWith("bench:") && name !== "bench:smoke");
const asked = process.argv.slice(2).filter((name) => name.startsWith("bench:"));
const unknown = asked.filter((name) => !everyBench.includes(name));
if (unknown.length > 0) throw new Error(`No such bench in package.json: ${unknown.join(", ")}`);
const benches = asked.length > 0 ? asked : everyBench;

interface Outcome {
  name: string;
  seconds: number;
  exit: string;
}

/** Runs one bench in its own process group, so a timeout ends npm, tsx and whatever the bench started. */
function smokeOne(name: string): Promise<Outcome> {
  const started = performance.now();
  console.log(`\n== ${name} --smoke`);
  const child = spawn("npm", ["run", "--silent", name, "--", "--smoke"], { stdio: "inherit", detached: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  }, TIMEOUT_SECONDS * 1000);
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      const exit = timedOut ? `timed out after ${TIMEOUT_SECONDS} s` : code === 0 ? "ok" : `exit ${code ?? signal}`;
      resolve({ name, seconds: (performance.now() - started) / 1000, exit });
    });
  });
}

const started = performance.now();
const build = spawnSync("npx", ["tsx", "scripts/build-if-stale.ts"], { stdio: "inherit" });
if (build.status !== 0) throw new Error("The build failed: the server and Lighthouse benches need one");
const buildSeconds = (performance.now() - started) / 1000;

const outcomes: Outcome[] = [];
for (const name of benches) outcomes.push(await smokeOne(name));

console.log(`\nBench smoke (each bench once with --smoke; a failure is a bench that cannot run, not a slow figure)`);
console.log("build if stale".padEnd(20), `${buildSeconds.toFixed(1)} s`.padStart(8));
for (const outcome of outcomes) console.log(outcome.name.padEnd(20), `${outcome.seconds.toFixed(1)} s`.padStart(8), `  ${outcome.exit}`);
const failed = outcomes.filter((outcome) => outcome.exit !== "ok");
console.log(`total: ${((performance.now() - started) / 1000).toFixed(0)} s, ${failed.length} of ${outcomes.length} failed`);
if (failed.length > 0) process.exit(1);
