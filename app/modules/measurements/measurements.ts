/**
 * Body measurements for made-to-measure garments and custom order requests (docs/product-rules.md §13
 * "Sizes, colours and made to measure"). Kept exactly as the customer typed them, in the unit
 * they chose (tailors read what was measured), and checked against sensible bounds for an adult
 * man, converted to centimetres. Pure and free of Zod (the schemas that check what is typed are
 * in measurements.schema.ts), so pages that only show or carry measurements stay light; the
 * fields' labels, hints and bounds are in measurement-fields.ts, out of what every page carries.
 */
export const measurementUnits = ["cm", "in"] as const;
export type MeasurementUnit = (typeof measurementUnits)[number];

/**
 * The measurements' keys, in the order a tailor takes them. Apart from measurementFields so that
 * what every page carries (the cart's check of its lines, below) leaves out the labels and hints.
 */
export const measurementKeys = [
  "chest",
  "waist",
  "hips",
  "shoulder",
  "sleeve",
  "topLength",
  "trouserLength",
  "inseam",
  "neck",
  "height",
] as const;

export type MeasurementKey = (typeof measurementKeys)[number];

/** What each measurement is called, in forms, order lines and emails. */
export const measurementLabels: Record<MeasurementKey, string> = {
  chest: "Chest",
  waist: "Waist",
  hips: "Hips",
  shoulder: "Shoulder",
  sleeve: "Sleeve",
  topLength: "Top length",
  trouserLength: "Trouser length",
  inseam: "Inseam",
  neck: "Neck",
  height: "Height",
};

export interface Measurements {
  unit: MeasurementUnit;
  /** What was typed, in `unit`, at most one decimal. */
  values: Record<MeasurementKey, number>;
}

/**
 * A signed-in customer's last measurements as /api/my-measurements answers: the measurements and
 * where they were last given, for the "Use the measurements from my last order" button to say
 * ("order ORD-123456 of 3 Dec 2026", "custom request CR-… of 3 Dec 2026").
 */
export interface SavedMeasurements {
  measurements: Measurements;
  /** Where they were last given, as the button says it: "order ORD-123456 of 3 Dec 2026". */
  from: string;
  /** "order" when they came with an order (the button then speaks of the last order), else "request" or "saved". */
  kind: "order" | "request" | "saved";
}

/**
 * Whether a value has the shape of stored measurements (a unit and a number for every
 * measurement): the browser's check of a cart line read back from storage. The same shape as
 * storedMeasurementsSchema (measurements.schema.ts), without Zod, because every page carries the cart.
 */
export function isMeasurements(value: unknown): value is Measurements {
  if (typeof value !== "object" || value === null) return false;
  const { unit, values } = value as { unit?: unknown; values?: unknown };
  if (!(measurementUnits as readonly unknown[]).includes(unit) || typeof values !== "object" || values === null) return false;
  return measurementKeys.every((key) => Number.isFinite((values as Record<string, unknown>)[key]));
}

/**
 * A short fingerprint of a set of measurements (unit and every value, in the fields' order):
 * the cart keys a made-to-measure line with it, so two garments cut to different measurements
 * are two lines and the same measurements added twice are one. FNV-1a, 32 bits, base 36.
 */
export function measurementsFingerprint(measurements: Measurements): string {
  const text = [measurements.unit, ...measurementKeys.map((key) => measurements.values[key])].join("|");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** "Made to measure (cm): Chest 102 · Waist 88 · …", the line every order view shows. */
export function measurementsSummary(measurements: Measurements): string {
  const values = measurementKeys.map((key) => {
    const value = measurements.values[key];
    return `${measurementLabels[key]} ${Number.isInteger(value) ? value : value.toFixed(1)}`;
  });
  return `Made to measure (${measurements.unit}): ${values.join(" · ")}`;
}

/** "Made in 15 working days". */
export function productionTimeText(days: number): string {
  return `Made in ${days} working day${days === 1 ? "" : "s"}`;
}
