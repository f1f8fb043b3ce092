import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { isSameOrigin, lastForwardedValue, shopOrigins, siteOrigin } from "./http.server";

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

  it("never reads X-Forwarded-Host, behind a trusted proxy or not", () => {
    const forged = { origin: "http://evil.example", host: "localhost:3000", "x-forwarded-host": "evil.example" };
    expect(isSameOrigin(post(forged), context())).toBe(false);
    // nginx passes a client's X-Forwarded-Host through untouched unless told to set it.
    expect(isSameOrigin(post(forged), context({ TRUST_PROXY: "1" }))).toBe(false);
    expect(isSameOrigin(post({ ...forged, "x-forwarded-host": "shop.example, evil.example" }), context({ TRUST_PROXY: "1" }))).toBe(false);
  });

  it("with PUBLIC_URL set, accepts its origin alone, whatever Host or X-Forwarded-Host say", () => {
    const behindProxy = context({ PUBLIC_URL: "https://ahenfie.com", TRUST_PROXY: "1" });
    const forwarded = { host: "ahenfie.com", "x-forwarded-proto": "https" };
    expect(isSameOrigin(post({ ...forwarded, origin: "https://ahenfie.com" }), behindProxy)).toBe(true);
    expect(isSameOrigin(post({ ...forwarded, referer: "https://ahenfie.com/checkout" }), behindProxy)).toBe(true);
    // A forged Host or X-Forwarded-Host naming the foreign origin changes nothing.
    expect(isSameOrigin(post({ origin: "http://evil.example", host: "evil.example" }), behindProxy)).toBe(false);
    expect(isSameOrigin(post({ ...forwarded, origin: "http://evil.example", "x-forwarded-host": "evil.example" }), behindProxy)).toBe(
      false,
    );
    // The same host over plain http, or the shop's local address, is not the public origin.
    expect(isSameOrigin(post({ ...forwarded, origin: "http://ahenfie.com" }), behindProxy)).toBe(false);
    expect(isSameOrigin(post({ origin: "http://localhost:3000", host: "localhost:3000" }), behindProxy)).toBe(false);
  });

  it("lists the origins better-auth trusts: PUBLIC_URL alone when set", () => {
    expect(shopOrigins(context({ PUBLIC_URL: "https://ahenfie.com/" }).config)).toEqual(["https://ahenfie.com"]);
    expect(shopOrigins(context({ PORT: "8080" }).config)).toEqual(["http://localhost:8080", "http://127.0.0.1:8080"]);
  });

  it("takes the last entry of a forwarded header", () => {
    expect(lastForwardedValue("1.2.3.4, 10.0.0.1 ,  203.0.113.7 ")).toBe("203.0.113.7");
    expect(lastForwardedValue("203.0.113.7")).toBe("203.0.113.7");
    expect(lastForwardedValue("")).toBeUndefined();
    expect(lastForwardedValue(null)).toBeUndefined();
  });
});
