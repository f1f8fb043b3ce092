import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { isSameOrigin, lastForwardedValue, siteOrigin } from "./http.server";

const context = (env: Record<string, string> = {}) =>
  ({ config: loadConfig({ LOG_LEVEL: "silent", ...env }) }) as Pick<AppLoadContext, "config">;
const post = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/api/newsletter", { method: "POST", headers });

describe("the shop's origin", () => {
  it("is PUBLIC_URL, or http://localhost:PORT when unset: never a request's Host", () => {
    expect(siteOrigin(context())).toBe("http://localhost:3000");
    expect(siteOrigin(context({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(siteOrigin(context({ PUBLIC_URL: "https://ahenfie.com/" }))).toBe("https://ahenfie.com");
  });

  it("accepts posts from the configured origin or the host the browser addressed", () => {
    expect(isSameOrigin(post({ origin: "http://localhost:3000", host: "localhost:3000" }), context())).toBe(true);
    expect(isSameOrigin(post({ origin: "http://192.168.1.20:3000", host: "192.168.1.20:3000" }), context())).toBe(true);
    expect(
      isSameOrigin(post({ origin: "https://ahenfie.com", host: "10.0.0.5:3000" }), context({ PUBLIC_URL: "https://ahenfie.com" })),
    ).toBe(true);
    expect(isSameOrigin(post({ origin: "http://evil.example", host: "localhost:3000" }), context())).toBe(false);
    expect(isSameOrigin(post({ host: "localhost:3000" }), context())).toBe(false);
    expect(isSameOrigin(post({ origin: "null", host: "localhost:3000" }), context())).toBe(false);
  });

  it("reads X-Forwarded-Host only behind a trusted proxy, and only the value the proxy wrote", () => {
    const forged = { origin: "http://evil.example", host: "localhost:3000", "x-forwarded-host": "evil.example" };
    expect(isSameOrigin(post(forged), context())).toBe(false);
    expect(isSameOrigin(post(forged), context({ TRUST_PROXY: "1" }))).toBe(true);
    expect(isSameOrigin(post({ ...forged, "x-forwarded-host": "evil.example, shop.example" }), context({ TRUST_PROXY: "1" }))).toBe(false);
  });

  it("takes the last entry of a forwarded header", () => {
    expect(lastForwardedValue("1.2.3.4, 10.0.0.1 ,  203.0.113.7 ")).toBe("203.0.113.7");
    expect(lastForwardedValue("203.0.113.7")).toBe("203.0.113.7");
    expect(lastForwardedValue("")).toBeUndefined();
    expect(lastForwardedValue(null)).toBeUndefined();
  });
});
