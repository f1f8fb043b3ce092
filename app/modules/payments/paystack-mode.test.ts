import { describe, expect, it } from "vitest";
import { paystackMode, paystackModeDescriptions } from "./paystack-mode";

describe("paystackMode", () => {
  it("reads live or test mode from the secret key's prefix", () => {
    expect(paystackMode("sk_live_0123456789abcdef")).toBe("live");
    expect(paystackMode("sk_test_0123456789abcdef")).toBe("test");
  });

  it("is not connected without a key", () => {
    expect(paystackMode()).toBe("not-connected");
    expect(paystackMode(undefined)).toBe("not-connected");
    expect(paystackMode("")).toBe("not-connected");
    expect(paystackMode("   ")).toBe("not-connected");
  });

  it("says so when the key is not a Paystack secret key", () => {
    expect(paystackMode("pk_live_0123456789abcdef")).toBe("unrecognised-key");
    expect(paystackMode("sk_prod_0123456789abcdef")).toBe("unrecognised-key");
    expect(paystackMode("SK_LIVE_0123456789abcdef")).toBe("unrecognised-key");
  });

  it("describes every mode without naming a key", () => {
    for (const line of Object.values(paystackModeDescriptions)) {
      expect(line.length).toBeGreaterThan(10);
      expect(line).not.toMatch(/sk_(live|test)_\w{4,}/);
    }
  });
});
