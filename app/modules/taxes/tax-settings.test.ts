import { describe, expect, it } from "vitest";
import { invoiceTaxOf } from "./invoice-tax";
import { defaultTaxSettings, normaliseTin, taxSnapshotOf, zeroRatingOf, type TaxSettings } from "./tax-settings";
import { taxSettingsFormSchema } from "./tax-settings.schema";

const taxed: TaxSettings = {
  lines: [{ name: "VAT", basisPoints: 1500 }],
  tin: "C0012345678",
  zeroRateExports: true,
  zeroRatedZoneIds: [2],
};
const accra = { id: 1, name: "Greater Accra" };
const restOfGhana = { id: 2, name: "Rest of Ghana" };
const westAfrica = { id: 3, name: "West Africa" };

describe("zero-rating", () => {
  it("zero-rates every destination outside Ghana as an export, and the zones ticked whatever the country", () => {
    expect(zeroRatingOf(taxed, { country: "NG", zone: westAfrica })).toEqual({ reason: "export" });
    expect(zeroRatingOf(taxed, { country: "GH", zone: restOfGhana })).toEqual({ reason: "zone", zone: "Rest of Ghana" });
    expect(zeroRatingOf(taxed, { country: "GH", zone: accra })).toBeNull();
    // Collected from the showroom: a sale in Ghana.
    expect(zeroRatingOf(taxed, { country: "GH", zone: null })).toBeNull();
    // Exports not zero-rated: only the zones ticked are.
    const noExports = { ...taxed, zeroRateExports: false };
    expect(zeroRatingOf(noExports, { country: "NG", zone: westAfrica })).toBeNull();
    expect(zeroRatingOf({ ...noExports, zeroRatedZoneIds: [3] }, { country: "NG", zone: westAfrica })).toEqual({
      reason: "zone",
      zone: "West Africa",
    });
  });

  it("prints nothing about tax for an untaxed shop, not even a zero rating; a TIN alone is printed", () => {
    const untaxed = taxSnapshotOf(defaultTaxSettings, { country: "GB", zone: null });
    expect(untaxed).toEqual({ pricesIncludeTax: true, lines: [], tin: null, zeroRated: { reason: "export" } });
    expect(invoiceTaxOf(untaxed, 124_999)).toBeNull();
    expect(invoiceTaxOf({ ...untaxed, tin: "P0012345678" }, 124_999)).toEqual({
      tin: "P0012345678",
      zeroRated: null,
      lines: [],
      net: 124_999,
    });
    expect(invoiceTaxOf(taxSnapshotOf(taxed, { country: "GB", zone: null }), 124_999)).toEqual({
      tin: "C0012345678",
      zeroRated: "Zero-rated: export",
      lines: [],
      net: 124_999,
    });
    expect(invoiceTaxOf(null, 124_999)).toBeNull();
  });
});

describe("the Taxes tab's form", () => {
  it("reads the posted lines, TIN, switch and one or several zones into the stored settings", () => {
    expect(
      taxSettingsFormSchema.parse({
        lines: [
          { name: " VAT ", rate: "15" },
          { name: "NHIL", rate: "2.50" },
        ],
        tin: "c001-234-5678",
        zeroRateExports: "on",
        zeroRatedZoneIds: "2",
      }),
    ).toEqual({
      lines: [
        { name: "VAT", basisPoints: 1500 },
        { name: "NHIL", basisPoints: 250 },
      ],
      tin: "C0012345678",
      zeroRateExports: true,
      zeroRatedZoneIds: [2],
    });
    expect(taxSettingsFormSchema.parse({ zeroRatedZoneIds: ["2", "3", "2"] })).toEqual({
      lines: [],
      tin: "",
      zeroRateExports: false,
      zeroRatedZoneIds: [2, 3],
    });
    expect(normaliseTin(" p 00 1234 5678 ")).toBe("P0012345678");
  });
});
