import { describe, expect, it } from "vitest";
import { countryFromLanguages, parseRemembered, readShopperCountry } from "./shopper-country";

describe("shopper country", () => {
  it("guesses the country from the browser's languages", () => {
    expect(countryFromLanguages(["en-GB", "en"])).toBe("GB");
    expect(countryFromLanguages(["fr", "fr-CI"])).toBe("CI");
    expect(countryFromLanguages(["en_us"])).toBe("US");
    expect(countryFromLanguages(["fr", "de"])).toBeNull();
    expect(countryFromLanguages(["en-419"])).toBeNull();
    expect(countryFromLanguages([])).toBeNull();
  });

  it("prefers the destination chosen at checkout over the guess", () => {
    expect(readShopperCountry(JSON.stringify({ country: "NG", region: null }), ["en-GB"])).toEqual({
      country: "NG",
      region: null,
      chosen: true,
    });
    expect(readShopperCountry(null, ["en-GB"])).toEqual({ country: "GB", region: null, chosen: false });
    expect(readShopperCountry(null, ["en"])).toBeNull();
  });

  it("keeps a Ghana region only for Ghana", () => {
    expect(parseRemembered(JSON.stringify({ country: "GH", region: "GH-AA" }))).toEqual({ country: "GH", region: "GH-AA", chosen: true });
    expect(parseRemembered(JSON.stringify({ country: "GB", region: "GH-AA" }))).toEqual({ country: "GB", region: null, chosen: true });
    expect(parseRemembered(JSON.stringify({ country: "GH", region: "GH-XX" }))).toEqual({ country: "GH", region: null, chosen: true });
  });

  it("ignores what is not a remembered country", () => {
    expect(parseRemembered("not json")).toBeNull();
    expect(parseRemembered(JSON.stringify({ country: "ZZ" }))).toBeNull();
    expect(parseRemembered(JSON.stringify(["GB"]))).toBeNull();
    expect(readShopperCountry("{", ["en-GH"])).toEqual({ country: "GH", region: null, chosen: false });
  });
});
