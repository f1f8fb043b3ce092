import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import pg from "pg";

/**
 * A shop of a test's own, apart from the suite's shared one (playwright.config.ts's webServer):
 * the production server (build/server-entry.mjs, started by scripts/serve.sh as `npm start` does) on a free
 * port, on a fresh data folder, or on a new PostgreSQL database of its own.
 *
 *   const shop = await startShop({ admin: E2E_ADMIN, env: { SMTP_URL: smtp.url } });
 *   try { await page.goto(`${shop.url}/auth`); … } finally { await shop.remove(); }
 */
export interface StartShopOptions {
  /**
   * "pglite" (default): a fresh data folder. "postgres": a new database on TEST_DATABASE_URL's
   * server. `{ url }`: an existing PostgreSQL database, shared with other shops (several
   * instances of one shop); the test that made it drops it.
   */
  database?: "pglite" | "postgres" | { url: string };
  /** An admin account made with scripts/admin-create.ts (as an operator would) before the shop starts. */
  admin?: { email: string; password: string };
  /** More environment for the server (it wins over the defaults: PORT="x" makes a bad configuration). */
  env?: Record<string, string>;
  /** The server's LOG_LEVEL (default "warn"); "info" to read its start-up lines in `output()`. */
  logLevel?: string;
  /** Wait until GET /api/health answers 200 (default); false to watch a shop that should not start. */
  waitUntilReady?: boolean;
  /** An existing data folder to run on as it is (a shop prepared or restored by the test); removed by remove(). */
  dataDir?: string;
}

export interface Shop {
  /** http://localhost:<port> */
  url: string;
  port: number;
  /** The server's process id (to read its memory in /proc). */
  pid: number;
  /** The shop's DATA_DIR (uploads, outbox; the PGlite database unless database is "postgres"). */
  dataDir: string;
  /** The shop's own PostgreSQL database (database "postgres"), for a test to look into or set up. */
  databaseUrl?: string;
  /** What admin:create printed, when `admin` was given. */
  adminCreateOutput: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** The server's exit code, once it exits (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Whether the server process is still running. */
  running(): boolean;
  /** Sends the server a signal (SIGKILL: a crash, nothing cleaned up). */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM and wait for the exit (the data stays, to inspect); gives the exit code. */
  stop(): Promise<number | null>;
  /** Stops the shop if it runs, then deletes its data folder and drops its PostgreSQL database. */
  remove(): Promise<void>;
}

/** A free TCP port on this machine. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startShop(options: StartShopOptions = {}): Promise<Shop> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = options.dataDir ?? `.tmp/shop-${port}`;
  if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });

  const database =
    options.database === "postgres"
      ? await createPostgresDatabase()
      : typeof options.database === "object"
        ? { url: options.database.url, drop: async () => {} }
        : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? "warn",
  };
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  Object.assign(env, options.env);

  const removeData = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  let adminCreateOutput = "";
  if (options.admin) {
    const created = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/admin-create.ts", "--email", options.admin.email, "--password", options.admin.password],
      { env, encoding: "utf8" },
    );
    adminCreateOutput = created.stdout;
    if (created.status !== 0) {
      await removeData();
      throw new Error(`admin:create failed (${created.status}):\n${created.stdout}${created.stderr}`);
    }
  }

  // Started as `npm start` starts it (scripts/serve.sh: glibc's allocator settings and, on the
  // embedded database, V8's young generation), so the memory a test reads in /proc is the shop's
  // (issue 41: the custom-order abuse test peaked 80 MB higher without them). The script ends by
  // exec'ing node, so the child's pid is the server's and signals reach it.
  const child: ChildProcess = spawn("sh", ["scripts/serve.sh"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  const shop: Shop = {
    url,
    port,
    pid: child.pid!,
    dataDir,
    ...(database ? { databaseUrl: database.url } : {}),
    adminCreateOutput,
    output: () => output,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => void child.kill(signal),
    stop,
    async remove() {
      await stop();
      await removeData();
    },
  };

  if (options.waitUntilReady !== false) {
    try {
      await waitForHealth(shop, child);
    } catch (error) {
      await shop.remove();
      throw error;
    }
  }
  return shop;
}

async function waitForHealth(shop: Shop, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited (${child.exitCode}) before it was ready:\n${shop.output()}`);
    const status = (await fetch(`${shop.url}/api/health`).catch(() => null))?.status;
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop on ${shop.url} did not answer /api/health within ${timeoutMs / 1000}s:\n${shop.output()}`);
}

/** A new, empty database on TEST_DATABASE_URL's server, and a way to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("A shop on PostgreSQL needs TEST_DATABASE_URL (a server to create its database on).");
  const name = `shop_e2e_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists "${name}" with (force)`) };
}
