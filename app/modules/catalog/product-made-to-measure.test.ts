import { describe, expect, it } from "vitest";
import { productFormSchema } from "./product.schema";

/** Sold out in its one standard size: made to measure is what still sells. */
const base = { name: "Accra Executive Suit", price: "799.99", sizes: "M", variants: [{ size: "M", stock: "0" }] };
const messageAt = (fields: Record<string, string>, path: string) =>
  productFormSchema.safeParse({ ...base, ...fields }).error?.issues.find((i) => i.path.join(".") === path)?.message;

describe("the product form's made to measure", () => {
  it("takes the switch, a surcharge in pesewas (blank or 0 is none) and the working days", () => {
    expect(productFormSchema.parse({ ...base, madeToMeasure: "on", madeToMeasureSurcharge: "150", madeToMeasureDays: "15" })).toMatchObject(
      {
        madeToMeasure: true,
        madeToMeasureSurcharge: 15_000,
        madeToMeasureDays: 15,
      },
    );
    expect(productFormSchema.parse({ ...base, madeToMeasure: "on", madeToMeasureSurcharge: "", madeToMeasureDays: "1" })).toMatchObject({
      madeToMeasureSurcharge: 0,
      madeToMeasureDays: 1,
    });
    expect(productFormSchema.parse({ ...base, madeToMeasureSurcharge: "0" })).toMatchObject({
      madeToMeasure: false,
      madeToMeasureSurcharge: 0,
    });
  });

  it("refuses a production time outside 1–120 working days, a missing one when offered, and a bad surcharge", () => {
    const outside = "Production time must be between 1 and 120 working days";
    expect(messageAt({ madeToMeasure: "on", madeToMeasureDays: "0" }, "madeToMeasureDays")).toBe(outside);
    expect(messageAt({ madeToMeasure: "on", madeToMeasureDays: "121" }, "madeToMeasureDays")).toBe(outside);
    expect(messageAt({ madeToMeasure: "on", madeToMeasureDays: "" }, "madeToMeasureDays")).toBe(
      "Production time is required for made to measure",
    );
    expect(messageAt({ madeToMeasure: "on", madeToMeasureDays: "2.5" }, "madeToMeasureDays")).toBe(
      "Production time must be a whole number",
    );
    expect(messageAt({ madeToMeasureSurcharge: "-5" }, "madeToMeasureSurcharge")).toBe("Surcharge cannot be negative");
    expect(messageAt({ madeToMeasureSurcharge: "1.505" }, "madeToMeasureSurcharge")).toBe("Surcharge can have at most 2 decimal places");
  });
});
