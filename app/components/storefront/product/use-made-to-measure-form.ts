import { useCallback, useEffect, useState } from "react";
import { useSavedMeasurements } from "~/components/storefront/measurements/use-saved-measurements";
import type { Measurements, MeasurementUnit, SavedMeasurements } from "~/modules/measurements/measurements";

/**
 * The server's measurements schema, fetched on demand: it brings Zod, which no product page
 * needs until a made-to-measure piece is chosen (the import is cached after the first call).
 */
function loadMeasurementsSchema() {
  return import("~/modules/measurements/measurements.schema").then((module) => module.measurementsSchema);
}

/** The panel's code (the measurement boxes), likewise loaded only once made to measure is chosen. */
export const loadMadeToMeasurePanel = () => import("./made-to-measure-panel");

/**
 * The measurements of a made-to-measure choice on the product page or in Quick View: the unit,
 * the boxes (the shared MeasurementsFields, with a button offering a signed-in customer's last
 * measurements once they arrive) and their errors, for MadeToMeasurePanel to show. `read`
 * checks what is typed with the same schema as the server: the measurements, or null with each
 * wrong box's message shown and the first one focused. The schema and the panel start loading
 * as soon as made to measure is chosen, so they are there by the time the shopper types.
 */
export function useMadeToMeasureForm(enabled: boolean) {
  // The fieldset, kept in state (a callback ref) so reading it stays out of render.
  const [fieldset, setFieldset] = useState<HTMLFieldSetElement | null>(null);
  const [unit, setUnit] = useState<MeasurementUnit>("cm");
  // A signed-in customer's last measurements, offered by a button in the panel (never filled in on their own).
  const [offer, setOffer] = useState<SavedMeasurements | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useSavedMeasurements(setOffer, enabled);

  useEffect(() => {
    if (!enabled) return;
    void loadMadeToMeasurePanel();
    void loadMeasurementsSchema();
  }, [enabled]);

  const read = useCallback(async (): Promise<Measurements | null> => {
    const inputs = [...(fieldset?.querySelectorAll<HTMLInputElement>('input[name^="measurements.values."]') ?? [])];
    const values = Object.fromEntries(inputs.map((input) => [input.name.slice("measurements.values.".length), input.value]));
    const measurementsSchema = await loadMeasurementsSchema();
    const parsed = measurementsSchema.safeParse({ unit, values });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) next[`measurements.${issue.path.join(".")}`] ??= [issue.message];
    setErrors(next);
    const first = inputs.find((input) => next[input.name]);
    first?.focus();
    return null;
  }, [unit, fieldset]);
  return { setFieldset, unit, setUnit, offer, errors, read };
}
export type MadeToMeasureForm = ReturnType<typeof useMadeToMeasureForm>;
