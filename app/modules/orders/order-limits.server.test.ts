import { describe, expect, it } from "vitest";
import { inboxOf } from "~/modules/email/inbox";
import { clientOf, shopperKeys } from "./order-limits.server";

describe("who a shopper is, for the order limits", () => {
  it("one inbox whatever its spelling: case, +tags, Gmail's dots", () => {
    expect(inboxOf(" Ama.Mensah+shop@Example.com ")).toBe("ama.mensah@example.com");
    expect(inboxOf("a.m.a+1@googlemail.com")).toBe("ama@gmail.com");
    expect(inboxOf("+x@example.com")).toBe("+x@example.com");
    expect(inboxOf("not-an-email")).toBe("not-an-email");
  });

  it("one client per IPv4 address, per IPv6 /64", () => {
    expect(clientOf("41.66.1.2")).toBe("41.66.1.2");
    expect(clientOf("::ffff:41.66.1.2")).toBe("41.66.1.2");
    expect(clientOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });

  it("keys are keyed hashes: the same shopper the same key, nothing readable, another secret another key", () => {
    const a = shopperKeys("secret-one-that-is-long-enough-000000", "Ama+x@example.com", "41.66.1.2");
    expect(a).toEqual(shopperKeys("secret-one-that-is-long-enough-000000", "ama@example.com", "::ffff:41.66.1.2"));
    expect(a.emailKey).toMatch(/^[\w-]{32}$/);
    expect(JSON.stringify(a)).not.toMatch(/ama|41\.66/);
    expect(shopperKeys("secret-two-that-is-long-enough-000000", "ama@example.com", "41.66.1.2").emailKey).not.toBe(a.emailKey);
  });
});
