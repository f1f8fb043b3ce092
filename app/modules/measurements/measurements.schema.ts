import { z } from "zod";
import { CM_PER_INCH, formatMeasurement, measurementFields } from "./measurement-fields";
import { measurementUnits, type MeasurementKey, type Measurements, type MeasurementUnit } from "./measurements";

/**
 * The Zod schemas of measurements (measurements.ts says what they are): what a form sends,
 * checked against each measurement's bounds, and how they are stored. Shared by the browser
 * form and the server; the product page loads it only when a made-to-measure piece is added.
 */

function boundsIn(field: (typeof measurementFields)[number], unit: MeasurementUnit): { min: number; max: number } {
  if (unit === "cm") return { min: field.minCm, max: field.maxCm };
  return { min: Math.ceil(field.minCm / CM_PER_INCH), max: Math.floor(field.maxCm / CM_PER_INCH) };
}

/** One measurement typed in a form ("82", "82.5", "32,5"), checked against its bounds in the chosen unit. */
function measurementValue(field: (typeof measurementFields)[number], unit: MeasurementUnit) {
  const { min, max } = boundsIn(field, unit);
  return z.union([z.string(), z.number()]).transform((raw, ctx) => {
    const text = String(raw).trim().replace(",", ".");
    if (text === "") {
      ctx.addIssue({ code: "custom", message: `Enter your ${field.label.toLowerCase()} in ${unit}` });
      return z.NEVER;
    }
    if (!/^\d{1,3}(\.\d)?$/.test(text)) {
      ctx.addIssue({
        code: "custom",
        message: `Enter your ${field.label.toLowerCase()} as a number in ${unit}, e.g. ${min + Math.round((max - min) / 3)}`,
      });
      return z.NEVER;
    }
    const value = Number(text);
    if (value < min || value > max) {
      ctx.addIssue({
        code: "custom",
        message: `A ${field.label.toLowerCase()} of ${formatMeasurement(value, unit)} is outside what we can make (${min}–${max} ${unit}). Please measure again${unit === "cm" ? "" : ", or check the unit"}.`,
      });
      return z.NEVER;
    }
    return value;
  });
}

/**
 * The measurements form: a unit and every measurement. Field errors are keyed by measurement
 * ("values.chest"), each naming the measurement, the unit and the bounds.
 */
export const measurementsSchema = z
  .object({ unit: z.enum(measurementUnits, { error: "Choose centimetres or inches" }), values: z.record(z.string(), z.unknown()) })
  .transform((input, ctx): Measurements => {
    const values = {} as Record<MeasurementKey, number>;
    for (const field of measurementFields) {
      const parsed = measurementValue(field, input.unit).safeParse(input.values[field.key] ?? "");
      if (parsed.success) values[field.key] = parsed.data;
      else ctx.addIssue({ code: "custom", path: ["values", field.key], message: parsed.error.issues[0]?.message ?? "Not a measurement" });
    }
    return { unit: input.unit, values };
  });

/** How measurements are stored (JSON columns): already checked, so only the shape is verified on read. */
export const storedMeasurementsSchema = z.object({
  unit: z.enum(measurementUnits),
  values: z.object(Object.fromEntries(measurementFields.map((f) => [f.key, z.number()])) as Record<MeasurementKey, z.ZodNumber>),
});
