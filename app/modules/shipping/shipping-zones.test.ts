import { describe, expect, it } from "vitest";
import { sampleZones } from "../../../tests/factories/shipping-zones";
import { countryOptions, ghanaRegions, HOME_COUNTRY } from "./areas";
import { deliveryQuote, homeFreeShippingThreshold } from "./delivery-quote";
import { destinationName } from "./areas";
import { deliveryEstimateText, shippingInZone, zoneFor, type ShippingZone } from "./shipping-zones";
import { zoneProblems } from "./zone-problems";

const zoneNamed = (name: string) => sampleZones.find((z) => z.name === name)!;

/** Every zone whose own rule takes a destination (region, then country, then rest of world). */
function zonesMatching(zones: readonly ShippingZone[], country: string, region: string | null): ShippingZone[] {
  const byRegion = region ? zones.filter((z) => z.areas.includes(region)) : [];
  if (byRegion.length > 0) return byRegion;
  const byCountry = zones.filter((z) => z.areas.includes(country));
  if (byCountry.length > 0) return byCountry;
  return zones.filter((z) => z.isRestOfWorld);
}

describe("shipping zones: lookup", () => {
  it("the sample zones have no problems", () => {
    expect(zoneProblems(sampleZones)).toEqual([]);
  });

  it("puts every country of the checkout list in exactly one sample zone", () => {
    expect(countryOptions.length).toBeGreaterThan(240);
    for (const [code] of countryOptions) {
      if (code === HOME_COUNTRY) continue;
      const matching = zonesMatching(sampleZones, code, null);
      expect(matching, code).toHaveLength(1);
      expect(zoneFor(sampleZones, { country: code })).toBe(matching[0]);
    }
  });

  it("lists Ghana first, then every other country in the order localeCompare gives (Türkiye before Turkmenistan)", () => {
    const [home, ...others] = countryOptions;
    expect(home).toEqual([HOME_COUNTRY, "Ghana"]);
    const names = others.map(([, name]) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names.indexOf("Türkiye")).toBe(names.indexOf("Turkmenistan") - 1);
  });

  it("puts every Ghana region in exactly one sample zone: Greater Accra its own, the other fifteen Rest of Ghana", () => {
    expect(ghanaRegions).toHaveLength(16);
    for (const [region] of ghanaRegions) {
      const matching = zonesMatching(sampleZones, HOME_COUNTRY, region);
      expect(matching, region).toHaveLength(1);
      expect(zoneFor(sampleZones, { country: HOME_COUNTRY, region })?.name).toBe(region === "GH-AA" ? "Greater Accra" : "Rest of Ghana");
    }
  });

  it("region beats country beats rest of world", () => {
    expect(zoneFor(sampleZones, { country: "GH", region: "GH-AA" })?.name).toBe("Greater Accra");
    expect(zoneFor(sampleZones, { country: "GH", region: "GH-AH" })?.name).toBe("Rest of Ghana");
    expect(zoneFor(sampleZones, { country: "GH" })?.name).toBe("Rest of Ghana");
    expect(zoneFor(sampleZones, { country: "NG" })?.name).toBe("West Africa");
    expect(zoneFor(sampleZones, { country: "GB" })?.name).toBe("Rest of the world");
    // A Ghana region code means nothing outside Ghana.
    expect(zoneFor(sampleZones, { country: "GB", region: "GH-AA" })?.name).toBe("Rest of the world");
    // A country zone naming Ghana still loses to a region zone listed after it.
    const reordered = [zoneNamed("Rest of Ghana"), zoneNamed("Rest of the world"), zoneNamed("Greater Accra")];
    expect(zoneFor(reordered, { country: "GH", region: "GH-AA" })?.name).toBe("Greater Accra");
  });

  it("finds no zone only when there is no rest-of-world zone", () => {
    const withoutRest = sampleZones.filter((z) => !z.isRestOfWorld);
    expect(zoneFor(withoutRest, { country: "GB" })).toBeNull();
    expect(deliveryQuote(withoutRest, { country: "GB" }, 10_000)).toBeNull();
  });
});

describe("shipping zones: fees and estimates in pesewas", () => {
  it("charges the zone's flat fee below its threshold and nothing from it", () => {
    const accra = zoneNamed("Greater Accra");
    expect(shippingInZone(49_999, accra)).toBe(3_000);
    expect(shippingInZone(50_000, accra)).toBe(0);
    expect(shippingInZone(0, zoneNamed("Rest of Ghana"))).toBe(5_000);
  });

  it("never ships free in a zone without a threshold", () => {
    expect(shippingInZone(100_000_000, zoneNamed("Rest of the world"))).toBe(60_000);
    expect(shippingInZone(100_000_000, zoneNamed("West Africa"))).toBe(25_000);
  });

  it("quotes fee and estimate for a destination", () => {
    expect(deliveryQuote(sampleZones, { country: "GB" }, 12_000)).toMatchObject({ shipping: 60_000, estimate: "6–10 working days" });
    expect(deliveryQuote(sampleZones, { country: "GH", region: "GH-AA" }, 12_000)).toMatchObject({
      shipping: 3_000,
      estimate: "1–2 working days",
    });
    expect(deliveryQuote(sampleZones, { country: "GH", region: "GH-AA" }, 60_000)?.shipping).toBe(0);
    expect(deliveryQuote(sampleZones, { country: "NG" }, 12_000)).toMatchObject({ shipping: 25_000, estimate: "5–8 working days" });
  });

  it("writes estimates as a shopper reads them", () => {
    expect(deliveryEstimateText({ deliveryMinDays: 5, deliveryMaxDays: 8 })).toBe("5–8 working days");
    expect(deliveryEstimateText({ deliveryMinDays: 3, deliveryMaxDays: 3 })).toBe("3 working days");
    expect(deliveryEstimateText({ deliveryMinDays: 1, deliveryMaxDays: 1 })).toBe("1 working day");
  });

  it("summarises free shipping in Ghana as the lowest threshold among zones covering it", () => {
    expect(homeFreeShippingThreshold(sampleZones)).toBe(50_000);
    const cheaperAccra = sampleZones.map((z) => (z.name === "Greater Accra" ? { ...z, freeShippingThreshold: 30_000 } : z));
    expect(homeFreeShippingThreshold(cheaperAccra)).toBe(30_000);
    // Only the rest of the world ships free: nothing to say about Ghana.
    const abroadOnly = sampleZones.map((z) => ({ ...z, freeShippingThreshold: z.isRestOfWorld ? 10_000 : null }));
    expect(homeFreeShippingThreshold(abroadOnly)).toBeNull();
  });

  it("names destinations with the region for Ghana", () => {
    expect(destinationName("GH", "GH-AA")).toBe("Greater Accra, Ghana");
    expect(destinationName("GH", null)).toBe("Ghana");
    expect(destinationName("GB", "GH-AA")).toBe("United Kingdom");
  });
});
