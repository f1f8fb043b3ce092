import { describe, expect, it } from "vitest";
import { asPublicRequest } from "./proxy";

const behindProxy = { publicUrl: "https://ahenfie.com", origin: "https://ahenfie.com", trustProxy: true };
const local = { publicUrl: undefined, origin: "http://localhost:3000", trustProxy: false };

describe("a post as React Router sees it", () => {
  it("with PUBLIC_URL set, is under PUBLIC_URL's origin, with its method, headers and body", async () => {
    // nginx speaks plain http to the shop and its $host drops the port.
    const posted = new Request("http://ahenfie.com/auth.data?redirectTo=%2Fadmin", {
      method: "POST",
      headers: { origin: "https://ahenfie.com", "content-type": "application/x-www-form-urlencoded" },
      body: "email=ama%40example.com",
    });
    const handed = asPublicRequest(posted, behindProxy);
    expect(handed.url).toBe("https://ahenfie.com/auth.data?redirectTo=%2Fadmin");
    expect(handed.method).toBe("POST");
    expect(handed.headers.get("origin")).toBe("https://ahenfie.com");
    expect(await handed.text()).toBe("email=ama%40example.com");
    // A client's Host cannot move it elsewhere.
    const forged = new Request("http://evil.example/auth.data", { method: "POST", headers: { host: "evil.example" } });
    expect(new URL(asPublicRequest(forged, behindProxy).url).origin).toBe("https://ahenfie.com");
  });

  it("without PUBLIC_URL, is https only when the trusted proxy says so", () => {
    const overTls = new Request("http://shop.example/cart", { method: "POST", headers: { "x-forwarded-proto": "https" } });
    expect(asPublicRequest(overTls, { ...local, trustProxy: true }).url).toBe("https://shop.example/cart");
    expect(asPublicRequest(overTls, local)).toBe(overTls);
  });

  it("leaves reads, and posts already under the public address, as they came", () => {
    const read = new Request("http://ahenfie.com/product/1");
    expect(asPublicRequest(read, behindProxy)).toBe(read);
    const direct = new Request("https://ahenfie.com/cart", { method: "POST" });
    expect(asPublicRequest(direct, behindProxy)).toBe(direct);
    const localPost = new Request("http://localhost:3000/cart", { method: "POST" });
    expect(asPublicRequest(localPost, local)).toBe(localPost);
  });
});
