import { describe, expect, it } from "vitest";
import { sampleZones } from "../../../tests/factories/shipping-zones";
import { shopperShipping } from "./shopper-delivery";

describe("the shopper's shipping (product page and cart)", () => {
  it("quotes a known country's zone, with the customs note outside Ghana", () => {
    expect(shopperShipping(sampleZones, { country: "GB", region: null }, 18_999)).toEqual({
      destination: "United Kingdom",
      minFee: 60_000,
      maxFee: 60_000,
      estimate: "6–10 working days",
      abroad: true,
      freeFrom: null,
    });
    expect(shopperShipping(sampleZones, { country: "NG", region: null }, 18_999)).toMatchObject({ minFee: 25_000, abroad: true });
  });

  it("quotes a known Ghana region exactly, free from its threshold", () => {
    expect(shopperShipping(sampleZones, { country: "GH", region: "GH-AA" }, 18_999)).toEqual({
      destination: "Greater Accra, Ghana",
      minFee: 3_000,
      maxFee: 3_000,
      estimate: "1–2 working days",
      abroad: false,
      freeFrom: 50_000,
    });
    expect(shopperShipping(sampleZones, { country: "GH", region: "GH-AA" }, 50_000)).toMatchObject({ minFee: 0, maxFee: 0 });
  });

  it("gives Ghana's range when the region is not known, or nothing is (the home zones)", () => {
    const range = { destination: "Ghana", minFee: 3_000, maxFee: 5_000, estimate: "1–4 working days", abroad: false, freeFrom: 50_000 };
    expect(shopperShipping(sampleZones, { country: "GH", region: null }, 18_999)).toEqual(range);
    expect(shopperShipping(sampleZones, null, 18_999)).toEqual(range);
    expect(shopperShipping(sampleZones, null, 60_000)).toMatchObject({ minFee: 0, maxFee: 0 });
  });

  it("says nothing when no zone takes the destination", () => {
    expect(
      shopperShipping(
        sampleZones.filter((z) => !z.isRestOfWorld),
        { country: "GB", region: null },
        1,
      ),
    ).toBeNull();
    expect(shopperShipping([], null, 1)).toBeNull();
  });
});
