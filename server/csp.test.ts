import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./csp";

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
});
