import { describe, expect, it } from "vitest";
import { isMeasurements, measurementFields } from "./measurements";
import { storedMeasurementsSchema } from "./measurements.schema";

const values = Object.fromEntries(measurementFields.map((f) => [f.key, f.minCm + 1]));

describe("isMeasurements", () => {
  // The browser's cart checks stored measurements without Zod; it must accept exactly what the
  // server's storedMeasurementsSchema accepts.
  const samples: unknown[] = [
    { unit: "cm", values },
    { unit: "in", values: { ...values, chest: 40.5 } },
    { unit: "cm", values, extra: true },
    { unit: "mm", values },
    { unit: "cm", values: { ...values, chest: "102" } },
    { unit: "cm", values: { ...values, chest: Number.NaN } },
    { unit: "cm", values: { ...values, chest: Number.POSITIVE_INFINITY } },
    { unit: "cm", values: Object.fromEntries(Object.entries(values).slice(1)) },
    { unit: "cm" },
    { unit: "cm", values: null },
    null,
    "cm",
    [],
  ];

  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))("agrees with storedMeasurementsSchema on %s", (_, sample) => {
    expect(isMeasurements(sample)).toBe(storedMeasurementsSchema.safeParse(sample).success);
  });

  it("accepts a complete set and refuses a missing unit", () => {
    expect(isMeasurements({ unit: "cm", values })).toBe(true);
    expect(isMeasurements({ values })).toBe(false);
  });
});
