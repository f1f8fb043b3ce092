import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";

/** The production server as an operator sees it: start, health, graceful stop, bad config. */
function startServer(env: Record<string, string>) {
  // node itself (not an npx wrapper), so the signal reaches the server.
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

test("starts on a fresh data folder, then stops cleanly on SIGTERM and releases the database", async () => {
  test.setTimeout(90_000);
  const dataDir = ".tmp/lifecycle-test";
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({ PORT: "3299", DATA_DIR: dataDir, HOST: "127.0.0.1" });
  // Wait for this server's own words, so a stray process on the port cannot pass for it.
  await expect.poll(() => server.output(), { timeout: 60_000 }).toContain("Shop ready on http://127.0.0.1:3299");
  expect(server.output()).toContain("sample catalog seeded");
  expect((await fetch("http://127.0.0.1:3299/api/health")).status).toBe(200);
  expect(fs.existsSync(`${dataDir}/pglite/pglite.pid`)).toBe(true);

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("shutting down");
  expect(fs.existsSync(`${dataDir}/pglite/pglite.pid`)).toBe(false);
});

test("refuses to start with an invalid configuration and says which variable is wrong", async () => {
  const server = startServer({ PORT: "not-a-port", DATA_DIR: ".tmp/lifecycle-bad" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("PORT must be a number");
});
