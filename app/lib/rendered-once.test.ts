import { describe, expect, it } from "vitest";
import { contentKey } from "./rendered-once";

describe("contentKey", () => {
  it("names equal content alike and different content apart, whether the object is new or not", () => {
    const card = { id: 1, name: "Royal Kente Kaftan", price: 29999 };
    const first = contentKey(card);
    expect(contentKey(card)).toBe(first);
    expect(contentKey({ id: 1, name: "Royal Kente Kaftan", price: 29999 })).toBe(first);
    // A price change reaches the page: the card's key is another, so its markup is drawn again.
    const repriced = contentKey({ id: 1, name: "Royal Kente Kaftan", price: 24999 });
    expect(repriced).not.toBe(first);
    expect(contentKey({ id: 2, name: "Royal Kente Kaftan", price: 29999 })).not.toBe(first);
    expect(first.length).toBeLessThan(10);
  });

  it("never gives a token twice once its store is full and emptied", () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 12_000; i++) {
      const token = contentKey({ i });
      const json = JSON.stringify({ i });
      expect(seen.get(token) ?? json).toBe(json);
      seen.set(token, json);
    }
  });
});
