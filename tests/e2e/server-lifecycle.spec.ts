import { expect, test } from "@playwright/test";
import fs from "node:fs";
import { startShop } from "./start-shop";

/** The production server as an operator sees it: start, health, graceful stop, bad config. */
test("starts on a fresh data folder, then stops cleanly on SIGTERM and releases the database", async () => {
  test.setTimeout(90_000);
  const server = await startShop({ logLevel: "info", waitUntilReady: false });
  try {
    // Wait for this server's own words, so a stray process on the port cannot pass for it.
    await expect.poll(() => server.output(), { timeout: 60_000 }).toContain(`Shop ready on http://127.0.0.1:${server.port}`);
    expect(server.output()).toContain("sample catalog seeded");
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(fs.existsSync(`${server.dataDir}/pglite/pglite.pid`)).toBe(true);

    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain("shutting down");
    expect(fs.existsSync(`${server.dataDir}/pglite/pglite.pid`)).toBe(false);
  } finally {
    await server.remove();
  }
});

test("refuses to start with an invalid configuration and says which variable is wrong", async () => {
  const server = await startShop({ env: { PORT: "not-a-port" }, logLevel: "info", waitUntilReady: false });
  try {
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT must be a number");
  } finally {
    await server.remove();
  }
});
