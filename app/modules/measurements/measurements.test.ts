import { describe, expect, it } from "vitest";
import { measurementFields } from "./measurement-fields";
import { isMeasurements, measurementKeys, measurementsFingerprint } from "./measurements";
import { storedMeasurementsSchema } from "./measurements.schema";

const values = Object.fromEntries(measurementFields.map((f) => [f.key, f.minCm + 1]));

describe("measurementKeys", () => {
  // The cart's check and fingerprint read the keys alone; forms, emails and summaries the fields.
  it("lists the fields' keys, in the fields' order", () => {
    expect(measurementKeys).toEqual(measurementFields.map((f) => f.key));
  });

  it("keys the cart's fingerprint by every value, in that order", () => {
    const swapped = { ...values, chest: values.waist, waist: values.chest };
    expect(measurementsFingerprint({ unit: "cm", values: swapped as never })).not.toBe(
      measurementsFingerprint({ unit: "cm", values: values as never }),
    );
  });
});

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
