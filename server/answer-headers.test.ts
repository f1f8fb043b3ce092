import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { setAnswerHeader } from "./answer-headers";

let close: (() => void) | undefined;
let closeUpstream: (() => void) | undefined;
afterEach(() => {
  close?.();
  closeUpstream?.();
});

/** A Hono app served by @hono/node-server, as the shop is, whose every answer gets two headers after its handler. */
async function shopLikeServer(routes: (app: Hono) => void): Promise<string> {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    setAnswerHeader(c, "X-Frame-Options", "DENY");
    setAnswerHeader(c, "X-Request-Id", "req-1");
  });
  routes(app);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A response as fetch gives it, body unread: its headers are immutable. */
async function fetchedResponse(text: string): Promise<Response> {
  const upstream = http.createServer((_request, response) => response.end(text));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  closeUpstream = () => upstream.close();
  return fetch(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`);
}

describe("headers set on an answer after its handler", () => {
  it("reach a page sent as the bytes it was rendered to, body intact", async () => {
    const page = Buffer.from("<!DOCTYPE html><p>Royal Kente Kaftan ₵299.99</p>");
    const origin = await shopLikeServer((app) =>
      app.get("/page", () => new Response(page as unknown as BodyInit, { headers: { "Content-Type": "text/html; charset=utf-8" } })),
    );
    const response = await fetch(`${origin}/page`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe(page.toString());
  });

  it("reach a redirect", async () => {
    const origin = await shopLikeServer((app) => app.get("/old", () => Response.redirect("http://shop.example/collections/all", 301)));
    const response = await fetch(`${origin}/old`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("http://shop.example/collections/all");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toBe("req-1");
  });

  it("reach an answer whose headers cannot be changed in place (a fetched response passed on)", async () => {
    const upstream = await fetchedResponse("Kente weave in stock");
    expect(() => upstream.headers.set("X-Frame-Options", "DENY")).toThrow(TypeError);
    const origin = await shopLikeServer((app) => app.get("/passed-on", () => upstream));
    const response = await fetch(`${origin}/passed-on`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(await response.text()).toBe("Kente weave in stock");
  });

  it("reach a streamed answer", async () => {
    const origin = await shopLikeServer((app) =>
      app.get("/stream", () => new Response(new Blob(["first, ", "second"]).stream(), { headers: { "Content-Type": "text/plain" } })),
    );
    const response = await fetch(`${origin}/stream`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(await response.text()).toBe("first, second");
  });
});
