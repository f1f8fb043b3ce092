import type { Measurements } from "~/modules/measurements/measurements";
import { storedMeasurementsSchema } from "~/modules/measurements/measurements.schema";

/** What an order line cut to the customer's measurements carries: the measurements, the surcharge in its price (pesewas) and the working days to make it. */
export interface LineMadeToMeasure {
  measurements: Measurements;
  surcharge: number;
  days: number;
}

/** The made-to-measure part of an order_items row, or null for a standard size (or a row whose JSON is not measurements). */
export function madeToMeasureOf(row: {
  measurements: unknown;
  madeToMeasureSurcharge: number | null;
  madeToMeasureDays: number | null;
}): LineMadeToMeasure | null {
  if (row.measurements == null) return null;
  const parsed = storedMeasurementsSchema.safeParse(row.measurements);
  if (!parsed.success) return null;
  return { measurements: parsed.data, surcharge: Number(row.madeToMeasureSurcharge ?? 0), days: row.madeToMeasureDays ?? 0 };
}
