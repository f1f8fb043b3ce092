import { getRequestListener } from "@hono/node-server";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createElement as h } from "react";
import { Outlet } from "react-router";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { createShopHttp } from "../../server/http";
import { createLogger } from "../../server/logger";
import { shopHttpServices } from "../setup/shop-http-services";
import { smallServerBuild } from "../setup/small-server-build";
import { describeWithDatabase } from "../setup/test-database";

const SCRIPT = `export const greeting = "Akwaaba";\n${"// padding to be worth compressing\n".repeat(60)}`;
/** A few bytes that are a WebP file's start: a picture, sent as it is. */
const PICTURE = Buffer.concat([Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"), Buffer.alloc(3000, 7)]);

/** A build's browser files as `npm run build` leaves them: fingerprinted scripts with their compressed copies, public/'s files. */
function makeClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets/entry-Ab12.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "assets/entry-Ab12.js.br"), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "assets/entry-Ab12.js.gz"), zlib.gzipSync(SCRIPT));
  // A script the build left uncompressed (too small): only the framework sends it, compressing it as it goes.
  fs.writeFileSync(path.join(dir, "assets/tiny-Cd34.js"), "export {};\n".repeat(200));
  fs.writeFileSync(path.join(dir, "assets/manrope-latin-Ef56.woff2"), Buffer.alloc(2000, 3));
  fs.mkdirSync(path.join(dir, "images/hero"), { recursive: true });
  fs.writeFileSync(path.join(dir, "images/hero/kaftans-1280.webp"), PICTURE);
  fs.writeFileSync(path.join(dir, "apple-touch-icon.png"), Buffer.alloc(1500, 9));
  fs.writeFileSync(path.join(dir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`);
  return dir;
}

/**
 * The build's files answered by the shop's own Node server (server/index.ts's listener): from the
 * http layer (server/static-file-listener.ts) with exactly the framework's answer, and every case
 * it does not know to be plain by the framework itself.
 */
describeWithDatabase("the build's files answered at the http layer", (database) => {
  let server: http.Server | undefined;
  let clientDir: string;
  /** Requests the app (Hono's static middleware and the rest) answered. */
  let appAnswered: string[];
  let origin: string;
  let app: ReturnType<typeof createShopHttp>["app"];

  beforeEach(async () => {
    appAnswered = [];
    clientDir = makeClientDir();
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://shop.test", LOG_LEVEL: "silent" });
    const logger = createLogger("silent");
    const build = smallServerBuild([{ id: "root", path: "", module: { default: () => h("html", null, h("body", null, h(Outlet))) } }]);
    const shop = createShopHttp({ services: shopHttpServices(database, config, logger), logger, build, mode: "production", clientDir });
    app = shop.app;
    const appListener = getRequestListener(app.fetch);
    const toApp = (request: http.IncomingMessage, response: http.ServerResponse) => {
      appAnswered.push(`${request.method} ${request.url}`);
      void appListener(request, response);
    };
    server = http.createServer((request, response) => {
      if (!shop.answerBeforeApp(request, response, () => toApp(request, response))) toApp(request, response);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  /** A request to the running server, its body read raw (not decompressed). */
  function get(urlPath: string, headers: Record<string, string> = {}, method = "GET") {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(`${origin}${urlPath}`, { method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject)
        .end();
    });
  }

  /** What the framework alone answers (Hono's static middleware), headers by name and the raw body. */
  async function frameworkAnswer(urlPath: string, headers: Record<string, string>) {
    const response = await app.fetch(new Request(`http://shop.test${urlPath}`, { headers }));
    return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
  }

  /** Headers that differ between any two answers by nature. */
  const comparable = (headers: Record<string, unknown>) => {
    const { date: _date, connection: _connection, "keep-alive": _keepAlive, "x-request-id": requestId, ...rest } = headers;
    expect(requestId, "every answer names its request").toMatch(/^[\w-]{8,}$/);
    return rest;
  };

  it("sends a script's brotli or gzip copy, a font and the pictures exactly as the framework does, without it", async () => {
    const cases: [string, Record<string, string>][] = [
      ["/assets/entry-Ab12.js", { "accept-encoding": "gzip, deflate, br" }],
      ["/assets/entry-Ab12.js", { "accept-encoding": "gzip, deflate" }],
      ["/assets/entry-Ab12.js?v=2", { "accept-encoding": "br" }],
      ["/assets/manrope-latin-Ef56.woff2", { "accept-encoding": "gzip, br" }],
      ["/images/hero/kaftans-1280.webp", { "accept-encoding": "gzip, br" }],
      ["/images/hero/kaftans-1280.webp", {}],
      ["/apple-touch-icon.png", {}],
    ];
    for (const [urlPath, headers] of cases) {
      // Twice: read from disk, then from memory.
      for (const time of ["first", "second"]) {
        const fast = await get(urlPath, headers);
        const framework = await frameworkAnswer(urlPath, headers);
        expect(fast.status, `${urlPath} (${time})`).toBe(200);
        expect(comparable(fast.headers), `${urlPath} ${JSON.stringify(headers)} (${time})`).toEqual(comparable(framework.headers));
        expect(fast.body.equals(framework.body), `${urlPath} (${time}): the same bytes`).toBe(true);
      }
    }
    expect(appAnswered, "none of them went through the framework").toEqual([]);

    const brotli = await get("/assets/entry-Ab12.js", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(brotli.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);
    const gzipped = await get("/assets/entry-Ab12.js", { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
    const picture = await get("/images/hero/kaftans-1280.webp");
    expect(picture.body.equals(PICTURE)).toBe(true);
    expect(picture.headers["cache-control"]).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(picture.headers["content-type"]).toBe("image/webp");
    expect(picture.headers["x-content-type-options"]).toBe("nosniff");
    expect(picture.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves to the framework what is not a plain answer: HEAD, a range, a file to compress on the way, an unknown or odd path", async () => {
    const passed: { path: string; headers: Record<string, string>; method: string }[] = [
      { path: "/assets/entry-Ab12.js", headers: {}, method: "HEAD" },
      { path: "/images/hero/kaftans-1280.webp", headers: { range: "bytes=0-99" }, method: "GET" },
      // Compressible, but the browser takes no precompressed copy: the framework compresses it (or not).
      { path: "/assets/entry-Ab12.js", headers: { "accept-encoding": "deflate" }, method: "GET" },
      { path: "/assets/tiny-Cd34.js", headers: { "accept-encoding": "gzip, br" }, method: "GET" },
      { path: "/favicon.svg", headers: { "accept-encoding": "gzip" }, method: "GET" },
      { path: "/assets/missing-Zz99.js", headers: {}, method: "GET" },
      { path: "/assets/entry%2DAb12.js", headers: {}, method: "GET" },
      { path: "/assets/entry-Ab12.js", headers: {}, method: "POST" },
    ];
    for (const request of passed) {
      appAnswered = [];
      const answer = await get(request.path, request.headers, request.method);
      expect(appAnswered, `${request.method} ${request.path} ${JSON.stringify(request.headers)}`).toEqual([
        `${request.method} ${request.path}`,
      ]);
      expect(answer.status).toBeGreaterThanOrEqual(200);
    }
    // What the framework made of them, as before.
    const range = await get("/images/hero/kaftans-1280.webp", { range: "bytes=0-99" });
    expect(range.status).toBe(206);
    expect(range.body.equals(PICTURE.subarray(0, 100))).toBe(true);
    const icon = await get("/favicon.svg", { "accept-encoding": "gzip" });
    expect(icon.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(icon.body).toString()).toContain("<svg");
    expect((await get("/assets/missing-Zz99.js")).status).toBe(404);
  });
});
