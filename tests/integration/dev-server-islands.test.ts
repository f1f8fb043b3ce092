import { chromium, type Browser, type ConsoleMessage, type Frame, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHROMIUM_ARGS, ensureChromium } from "../setup/chromium";

/**
 * `npm run dev` serves the pages of islands as the production build does (decisions 021 and
 * 036, issue 44): the same page loads its generated entry, which the islands' own Vite dev
 * server serves under /@islands on Preact, with Preact's options first, instead of React
 * Router's hydration; the router's pages keep theirs, on React, with Fast Refresh. No
 * production build is needed: this runs the dev server itself, on a port of its own.
 */
let dev: ChildProcess | undefined;
let browser: Browser | undefined;
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
  await browser?.close();
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
    expect(html).toContain('import "/@islands/app/islands/home.client.tsx";');
    expect(html).toContain('data-island="header"');
    expect(html).not.toContain("__reactRouterContext");
  });

  it("serves that entry from the islands' dev server, generated from the declaration, Preact's options first as in the build", async () => {
    const response = await fetch(`${origin}/@islands/app/islands/home.client.tsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    const imports = [...(await response.text()).matchAll(/^import .*?"([^"]+)";$/gm)].map((match) => match[1]);
    // Vite's client (the islands' hot reload), then what the build's entry imports, in its order.
    expect(imports).toEqual([
      expect.stringMatching(/^\/@islands\/.*vite\/dist\/client\/client\.mjs$/),
      "/@islands/app/islands/preact-options.ts",
      "/@islands/app/islands/hydrate-islands.tsx",
      "/@islands/app/islands/shell.ts",
      "/@islands/app/islands/home.ts",
    ]);
    // The router's dev server no longer answers the entries (it would on React).
    expect((await fetch(`${origin}/app/islands/home.client.tsx`)).headers.get("content-type") ?? "").not.toMatch(/javascript/);
  });

  it("sends a made-up address as the 404 page of islands, as production does", async () => {
    const response = await fetch(`${origin}/no-such-page-here`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('import "/@islands/app/islands/not-found.client.tsx";');
  });

  it("keeps React Router's hydration on the pages not declared as islands", async () => {
    // Every storefront page is islands since /email-preferences became one (issue 44); the sign-in check is the router's.
    const html = await (await fetch(`${origin}/auth-test`)).text();
    expect(html).toContain("__reactRouterContext");
    expect(html).not.toContain("/app/islands/");
  });
});

/** A page in the browser: the scripts it loaded (address and text) and its console's errors. */
interface PageVisit {
  scripts: { url: string; text: string }[];
  errors: string[];
  /** What hydrated it. */
  hydratedBy: "preact" | "react" | null;
}

/**
 * Opens `url` and waits until it is hydrated (by either library) and the network is quiet. Vite optimises
 * dependencies on a page's first visit and may reload it once (or fail a stale import)
 * meanwhile: then the page is opened again. The scripts are those the page, as it stands,
 * loaded (its resource timings), read again from the dev server; the errors those of its last load.
 */
async function openHydrated(page: Page, url: string, selector: string): Promise<PageVisit> {
  let errors: string[] = [];
  const onLoad = (frame: Frame) => {
    if (frame === page.mainFrame()) errors = [];
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  };
  const onError = (error: Error) => errors.push(error.message);
  page.on("framenavigated", onLoad);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto(`${origin}${url}`);
        await page.waitForFunction(hydratedBy, selector, { timeout: 60_000 });
        await page.waitForLoadState("networkidle");
        await page.waitForFunction(hydratedBy, selector, { timeout: 60_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name))
        .filter((address) => address.origin === location.origin && /\.(m?js|tsx?)$/.test(address.pathname))
        .map((address) => address.pathname + address.search),
    );
    const scripts = await Promise.all(
      loaded.map(async (address) => ({ url: address.split("?")[0]!, text: await (await fetch(`${origin}${address}`)).text() })),
    );
    return { scripts, errors, hydratedBy: await page.evaluate(hydratedBy, selector) };
  } finally {
    page.off("framenavigated", onLoad);
    page.off("console", onConsole);
    page.off("pageerror", onError);
  }
}

/**
 * Which library hydrated the page (run in the browser), read from the first button `selector`
 * finds: Preact's event handlers (`__e`, as the browser specs read them) or React's props; null
 * before hydration.
 */
function hydratedBy(selector: string): "preact" | "react" | null {
  const keys = Object.keys(document.querySelector(selector) ?? {});
  return keys.includes("__e") ? "preact" : keys.some((key) => key.startsWith("__reactProps")) ? "react" : null;
}
const HEADER = "header button";

/** React DOM's client code: what a page of islands must never load (decision 036). */
const REACT_DOM = "__reactFiber$";

describe("npm run dev in the browser: pages of islands on Preact, the router's on React", { timeout: 240_000 }, () => {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  });

  it("hydrates the home page and a product page with Preact, every script from the islands' dev server, none of React DOM", async () => {
    const page = await browser!.newPage();
    for (const url of ["/", "/product/1"]) {
      const visit = await openHydrated(page, url, HEADER);
      expect(visit.hydratedBy, url).toBe("preact");
      const urls = visit.scripts.map((script) => script.url);
      expect(
        urls.filter((script) => !script.startsWith("/@islands/")),
        url,
      ).toEqual([]);
      expect(urls, url).toContain("/@islands/app/islands/preact-options.ts");
      expect(
        urls.some((script) => /\/deps\/preact\.js$/.test(script)),
        url,
      ).toBe(true);
      expect(
        visit.scripts.filter((script) => script.text.includes(REACT_DOM)).map((script) => script.url),
        url,
      ).toEqual([]);
      expect(await page.evaluate(() => document.querySelectorAll("[data-island] *").length), url).toBeGreaterThan(0);
      expect(visit.errors, url).toEqual([]);
    }
    await page.close();
  });

  it("runs the islands: Add to Cart on a product page fills the header's bag, whose panel lists it", async () => {
    const page = await browser!.newPage();
    expect((await openHydrated(page, "/product/1", HEADER)).hydratedBy).toBe("preact");
    const product = await page.getByRole("heading", { level: 1 }).textContent();
    await page.getByRole("button", { name: /^Add to Cart - / }).click();
    const bag = page.getByRole("banner").getByRole("button", { name: /^Open cart/ });
    await vi.waitFor(async () => expect(await bag.getAttribute("aria-label")).toBe("Open cart, 1 item"), { timeout: 10_000 });
    await bag.click();
    const panel = page.getByRole("dialog", { name: "Shopping Cart (1)" });
    await panel.waitFor({ timeout: 10_000 });
    expect(product).toBeTruthy();
    expect(await panel.getByRole("listitem").first().textContent()).toContain(product);
    await page.close();
  });

  it("reloads a page of islands when a module it loaded changes (Vite's client, through /@islands)", async () => {
    const page = await browser!.newPage();
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(new URL(socket.url()).pathname));
    expect((await openHydrated(page, "/", HEADER)).hydratedBy).toBe("preact");
    expect(sockets).toContain("/@islands/");
    await page.evaluate(() => Object.assign(window, { beforeTheChange: true }));
    // The same bytes written again: a change to the watcher, nothing changed in the file.
    const module = path.join("app", "islands", "home.ts");
    fs.writeFileSync(module, fs.readFileSync(module));
    await page.waitForFunction(() => !("beforeTheChange" in window), null, { timeout: 30_000 });
    await page.waitForFunction(hydratedBy, HEADER, { timeout: 60_000 });
    expect(await page.evaluate(hydratedBy, HEADER)).toBe("preact");
    await page.close();
  });

  it("hydrates a router page (/auth-test) with React, loading nothing of the islands' dev server", async () => {
    const page = await browser!.newPage();
    // Every storefront page is islands (decision 038, issue 44); the sign-in check is still the router's.
    const visit = await openHydrated(page, "/auth-test", 'a[href="/"]');
    expect(visit.hydratedBy).toBe("react");
    expect(visit.scripts.filter((script) => script.url.startsWith("/@islands/")).map((script) => script.url)).toEqual([]);
    expect(visit.scripts.some((script) => script.text.includes(REACT_DOM))).toBe(true);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    await page.close();
  });
});
