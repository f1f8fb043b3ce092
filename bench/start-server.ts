import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/** Starts the production server on a fresh data folder and resolves when /api/health answers. */
export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void> }> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` first.");
  const dataDir = `.tmp/bench-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  // node itself, not an npx wrapper, so stop() reaches the server.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
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
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
