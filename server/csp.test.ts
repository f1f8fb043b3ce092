import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, formActionOrigins, newNonce } from "./csp";

describe("newNonce", () => {
  it("gives 128 random bits in base64, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(1000);
  });
});

describe("contentSecurityPolicy", () => {
  it("lets inline scripts run only with the response's nonce", () => {
    const nonce = newNonce();
    expect(contentSecurityPolicy(`'nonce-${nonce}'`)).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(contentSecurityPolicy(`'nonce-${nonce}'`)).not.toContain("unsafe-eval");
  });

  it("lets forms post to the shop only, unless a page names more origins; anything not an origin is dropped", () => {
    expect(contentSecurityPolicy("'nonce-x'")).toContain("form-action 'self';");
    const origins = formActionOrigins("https://checkout.paystack.com http://127.0.0.1:4010 'unsafe-inline' https://x.test/path *");
    expect(origins).toEqual(["https://checkout.paystack.com", "http://127.0.0.1:4010"]);
    expect(contentSecurityPolicy("'nonce-x'", false, origins)).toContain(
      "form-action 'self' https://checkout.paystack.com http://127.0.0.1:4010;",
    );
    expect(formActionOrigins(null)).toEqual([]);
  });
});
