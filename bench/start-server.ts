import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/** The server's data folder; `freshBenchDataDir` empties it (then admin:create may fill it first). */
const benchDataDir = (port: number) => `.tmp/bench-${port}`;
export function freshBenchDataDir(port: number): string {
  fs.rmSync(benchDataDir(port), { recursive: true, force: true });
  return benchDataDir(port);
}

export interface BenchServer {
  url: string;
  /** The server process, to read its CPU time and memory (bench/process-usage.ts). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the production server (build/server-entry.mjs) on its data folder, `.tmp/bench-<port>`
 * (benchDataDir; empty it first with freshBenchDataDir), or on the database in env.DATABASE_URL,
 * and resolves when /api/health answers; rejects if the server exits first or does not answer
 * within three minutes, as the browser tests wait (a fresh data folder is migrated and seeded
 * first, slow on a busy machine; a bench against no server would print its errors as figures).
 */
export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!fs.existsSync("build/server-entry.mjs")) throw new Error("No build: run `npm run build` first.");
  const dataDir = benchDataDir(port);
  // Started as `npm start` starts it (scripts/serve.sh: glibc's arenas and, on the embedded
  // database, V8's young generation), so the bench measures what the shop runs. The script ends
  // by exec'ing node, so the child's pid is the server's and stop() reaches it.
  const child: ChildProcess = spawn("sh", ["scripts/serve.sh"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited: number | string | null | undefined;
  child.once("exit", (code, signal) => (exited = code ?? signal));
  let healthy = false;
  const deadline = Date.now() + 180_000;
  while (!healthy && exited === undefined && Date.now() < deadline) {
    try {
      healthy = (await fetch(`${url}/api/health`)).ok;
    } catch {
      // not up yet
    }
    if (!healthy) await new Promise((r) => setTimeout(r, 500));
  }
  if (!healthy) {
    if (exited === undefined) child.kill("SIGTERM");
    throw new Error(`The shop on port ${port} ${exited === undefined ? "did not answer /api/health within 180 s" : `exited (${exited})`}`);
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (exited !== undefined) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
