/**
 * Body measurements for made-to-measure garments and custom order requests (docs/product-rules.md §13
 * "Sizes, colours and made to measure"). Kept exactly as the customer typed them, in the unit
 * they chose (tailors read what was measured), and checked against sensible bounds for an adult
 * man, converted to centimetres. Pure and free of Zod (the schemas that check what is typed are
 * in measurements.schema.ts), so pages that only show or carry measurements stay light.
 */
export const measurementUnits = ["cm", "in"] as const;
export type MeasurementUnit = (typeof measurementUnits)[number];

export const CM_PER_INCH = 2.54;

/** Each measurement, in the order a tailor takes them, with its bounds in centimetres. */
export const measurementFields = [
  { key: "chest", label: "Chest", minCm: 60, maxCm: 180, hint: "Around the fullest part of the chest, under the arms." },
  { key: "waist", label: "Waist", minCm: 50, maxCm: 180, hint: "Around the natural waist, where trousers sit." },
  { key: "hips", label: "Hips", minCm: 60, maxCm: 190, hint: "Around the fullest part of the seat." },
  { key: "shoulder", label: "Shoulder", minCm: 30, maxCm: 70, hint: "Across the back, from shoulder point to shoulder point." },
  { key: "sleeve", label: "Sleeve", minCm: 40, maxCm: 90, hint: "From the shoulder point down to the wrist bone." },
  {
    key: "topLength",
    label: "Top length",
    minCm: 40,
    maxCm: 160,
    hint: "From the base of the neck at the back to where the top should end.",
  },
  {
    key: "trouserLength",
    label: "Trouser length",
    minCm: 70,
    maxCm: 130,
    hint: "From the waist down the outside of the leg to the ankle.",
  },
  { key: "inseam", label: "Inseam", minCm: 50, maxCm: 100, hint: "From the crotch down the inside of the leg to the ankle." },
  { key: "neck", label: "Neck", minCm: 28, maxCm: 60, hint: "Around the base of the neck, one finger inside the tape." },
  { key: "height", label: "Height", minCm: 130, maxCm: 230, hint: "Standing straight, without shoes." },
] as const;

export type MeasurementKey = (typeof measurementFields)[number]["key"];

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

export function toCentimetres(value: number, unit: MeasurementUnit): number {
  return unit === "cm" ? value : value * CM_PER_INCH;
}

/** "82 cm" or "32.5 in". */
export function formatMeasurement(value: number, unit: MeasurementUnit): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
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
  return measurementFields.every((f) => Number.isFinite((values as Record<string, unknown>)[f.key]));
}

/**
 * A short fingerprint of a set of measurements (unit and every value, in the fields' order):
 * the cart keys a made-to-measure line with it, so two garments cut to different measurements
 * are two lines and the same measurements added twice are one. FNV-1a, 32 bits, base 36.
 */
export function measurementsFingerprint(measurements: Measurements): string {
  const text = [measurements.unit, ...measurementFields.map((f) => measurements.values[f.key])].join("|");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** "Made to measure (cm): Chest 102 · Waist 88 · …", the line every order view shows. */
export function measurementsSummary(measurements: Measurements): string {
  const values = measurementFields.map((f) => {
    const value = measurements.values[f.key];
    return `${f.label} ${Number.isInteger(value) ? value : value.toFixed(1)}`;
  });
  return `Made to measure (${measurements.unit}): ${values.join(" · ")}`;
}

/** "Made in 15 working days". */
export function productionTimeText(days: number): string {
  return `Made in ${days} working day${days === 1 ? "" : "s"}`;
}
