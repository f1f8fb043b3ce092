import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * `npm run dev` serves the pages of islands as the production build does (decision 021,
 * issue 44): the same page loads its generated entry, which Vite serves as a module, instead of
 * React Router's hydration; the router's pages keep theirs.
 */
let dev: ChildProcess | undefined;
let origin = "";
let dataDir = "";
let output = "";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-dev-islands-"));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/dev.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  dev.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(
    async () => {
      if (dev!.exitCode !== null) throw new Error(`npm run dev stopped:\n${output}`);
      const response = await fetch(`${origin}/api/health`).catch(() => null);
      expect(response?.status, `npm run dev is not answering yet; it said:\n${output}`).toBe(200);
    },
    // A fresh data folder: the embedded database's cluster, migrations and the sample catalog first.
    { timeout: 300_000, interval: 1_000 },
  );
}, 330_000);

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once("exit", resolve));
    dev.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Vite compiles each page's modules on its first request: a minute on a busy 2-core machine.
describe("npm run dev, pages of islands (app/islands/pages.ts)", { timeout: 180_000 }, () => {
  it("sends the home page with its islands' entry, without React Router's scripts", async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('import "/app/islands/home.client.tsx";');
    expect(html).toContain('data-island="header"');
    expect(html).not.toContain("__reactRouterContext");
  });

  it("serves that entry as a module, generated from the declaration, with Fast Refresh set up first", async () => {
    const response = await fetch(`${origin}/app/islands/home.client.tsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    const code = await response.text();
    expect(code).toMatch(/inject-hmr-runtime/);
    expect(code).toMatch(/hydrate-islands/);
    expect(code).toMatch(/islands\/home\.ts/);
  });

  it("sends a made-up address as the 404 page of islands, as production does", async () => {
    const response = await fetch(`${origin}/no-such-page-here`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('import "/app/islands/not-found.client.tsx";');
  });

  it("keeps React Router's hydration on the pages not declared as islands", async () => {
    const html = await (await fetch(`${origin}/email-preferences`)).text();
    expect(html).toContain("__reactRouterContext");
    expect(html).not.toContain("/app/islands/");
  });
});
