import { measurementLabels, type MeasurementKey, type MeasurementUnit } from "./measurements";

/**
 * The measurement fields as forms, emails and order views show them: labels, the hint of where
 * the tape goes, and the bounds in centimetres (docs/product-rules.md, made to measure). Apart
 * from measurements.ts, which every page carries with the cart, so only the pages that show the
 * fields download their words.
 */
export const CM_PER_INCH = 2.54;

/** Each measurement, in measurementKeys' order (measurements.test.ts holds them together), with its bounds in centimetres. */
export const measurementFields = [
  { key: "chest", label: measurementLabels.chest, minCm: 60, maxCm: 180, hint: "Around the fullest part of the chest, under the arms." },
  { key: "waist", label: measurementLabels.waist, minCm: 50, maxCm: 180, hint: "Around the natural waist, where trousers sit." },
  { key: "hips", label: measurementLabels.hips, minCm: 60, maxCm: 190, hint: "Around the fullest part of the seat." },
  {
    key: "shoulder",
    label: measurementLabels.shoulder,
    minCm: 30,
    maxCm: 70,
    hint: "Across the back, from shoulder point to shoulder point.",
  },
  { key: "sleeve", label: measurementLabels.sleeve, minCm: 40, maxCm: 90, hint: "From the shoulder point down to the wrist bone." },
  {
    key: "topLength",
    label: measurementLabels.topLength,
    minCm: 40,
    maxCm: 160,
    hint: "From the base of the neck at the back to where the top should end.",
  },
  {
    key: "trouserLength",
    label: measurementLabels.trouserLength,
    minCm: 70,
    maxCm: 130,
    hint: "From the waist down the outside of the leg to the ankle.",
  },
  {
    key: "inseam",
    label: measurementLabels.inseam,
    minCm: 50,
    maxCm: 100,
    hint: "From the crotch down the inside of the leg to the ankle.",
  },
  { key: "neck", label: measurementLabels.neck, minCm: 28, maxCm: 60, hint: "Around the base of the neck, one finger inside the tape." },
  { key: "height", label: measurementLabels.height, minCm: 130, maxCm: 230, hint: "Standing straight, without shoes." },
] as const satisfies readonly { key: MeasurementKey; label: string; minCm: number; maxCm: number; hint: string }[];

export function toCentimetres(value: number, unit: MeasurementUnit): number {
  return unit === "cm" ? value : value * CM_PER_INCH;
}

/** "82 cm" or "32.5 in". */
export function formatMeasurement(value: number, unit: MeasurementUnit): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
