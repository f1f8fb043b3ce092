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
 * and resolves when /api/health answers.
 */
export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!fs.existsSync("build/server-entry.mjs")) throw new Error("No build: run `npm run build` first.");
  const dataDir = benchDataDir(port);
  // node itself, not an npx wrapper, so stop() reaches the server; with glibc's arenas capped
  // as `npm start` caps them (README, MALLOC_ARENA_MAX), so the bench measures what it runs.
  const child: ChildProcess = spawn(process.execPath, ["build/server-entry.mjs"], {
    env: {
      MALLOC_ARENA_MAX: "2",
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
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
