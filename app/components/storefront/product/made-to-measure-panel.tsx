import { Clock, Scissors } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { MeasurementsFields } from "~/components/storefront/measurements/measurements-fields";
import { useSavedMeasurements } from "~/components/storefront/measurements/use-saved-measurements";
import type { Measurements, MeasurementUnit } from "~/modules/measurements/measurements";
import { useFormatMoney } from "../use-store-settings";

const PRODUCT_GUIDE_ADVICE = "Every box is needed to cut your piece; if one puzzles you, our tailor will call before cutting.";

/**
 * The server's measurements schema, fetched on demand: it brings Zod, which no product page
 * needs until a made-to-measure piece is chosen (the import is cached after the first call).
 */
function loadMeasurementsSchema() {
  return import("~/modules/measurements/measurements.schema").then((module) => module.measurementsSchema);
}

/**
 * The measurements of a made-to-measure choice on the product page or in Quick View: the unit,
 * the boxes (the shared MeasurementsFields, pre-filled with a signed-in customer's saved
 * measurements once they arrive) and their errors. `read` checks what is typed with the same
 * schema as the server: the measurements, or null with each wrong box's message shown and the
 * first one focused. The schema starts loading as soon as made to measure is chosen, so it is
 * there by the time the shopper adds the piece.
 */
export function useMadeToMeasureForm(enabled: boolean) {
  // The fieldset, kept in state (a callback ref) so reading it stays out of render.
  const [fieldset, setFieldset] = useState<HTMLFieldSetElement | null>(null);
  const [unit, setUnit] = useState<MeasurementUnit>("cm");
  const [saved, setSaved] = useState<Measurements | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const typed = useRef(false);

  useSavedMeasurements((measurements) => {
    if (typed.current) return;
    setSaved(measurements);
    setUnit(measurements.unit);
  }, enabled);

  useEffect(() => {
    if (enabled) void loadMeasurementsSchema();
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
  const markTyped = useCallback(() => {
    typed.current = true;
  }, []);

  return { setFieldset, unit, setUnit, saved, errors, read, markTyped };
}
export type MadeToMeasureForm = ReturnType<typeof useMadeToMeasureForm>;

/** What choosing Made to measure shows: the surcharge, the production time and the measurements. */
export function MadeToMeasurePanel({
  offer,
  form,
  idPrefix,
}: {
  offer: { surcharge: number; days: number };
  form: MadeToMeasureForm;
  idPrefix: string;
}) {
  const formatMoney = useFormatMoney();
  const { setFieldset, unit, setUnit, saved, errors, markTyped } = form;
  const errorCount = Object.keys(errors).length;
  return (
    <section
      id={`${idPrefix}-panel`}
      aria-labelledby={`${idPrefix}-heading`}
      className="rounded-sm border border-gold/50 bg-ivory p-5 shadow-[0_1px_0_rgba(0,0,0,0.03)] md:p-7"
    >
      <p className="text-[11px] font-bold tracking-[0.22em] text-gold-ink uppercase">Bespoke tailoring</p>
      <h2 id={`${idPrefix}-heading`} className="mt-1 font-display text-2xl font-semibold text-charcoal md:text-3xl">
        Made to measure
      </h2>
      <p className="mt-2 max-w-prose text-sm leading-relaxed text-charcoal/80">
        Cut and sewn by our tailors to your own measurements instead of a standard size.
      </p>
      <div className="mt-5 grid grid-cols-1 gap-3 border-y border-gold/30 py-4 text-sm sm:grid-cols-2">
        <div className="flex items-start gap-3">
          <Scissors className="mt-0.5 size-4 shrink-0 text-gold-ink" aria-hidden />
          <div>
            <p className="font-semibold text-charcoal" data-testid="made-to-measure-surcharge">
              {offer.surcharge > 0 ? `+ ${formatMoney(offer.surcharge)}` : "No surcharge"}
            </p>
            <p className="text-xs text-stone">for cutting to your measurements</p>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <Clock className="mt-0.5 size-4 shrink-0 text-gold-ink" aria-hidden />
          <div>
            <p className="font-semibold text-charcoal" data-testid="made-to-measure-days">
              Made for you in {offer.days} working day{offer.days === 1 ? "" : "s"}, then shipped
            </p>
            <p className="text-xs text-stone">cut to order, never from stock</p>
          </div>
        </div>
      </div>
      {errorCount > 0 && (
        <p role="alert" className="mt-5 text-sm font-semibold text-destructive">
          {errorCount === 1 ? "One measurement needs another look." : `${errorCount} measurements need another look.`}
        </p>
      )}
      <fieldset className="mt-5" ref={setFieldset} onInput={markTyped}>
        <legend className="sr-only">Your measurements</legend>
        <MeasurementsFields
          key={saved ? "saved" : "empty"}
          unit={unit}
          onUnitChange={setUnit}
          saved={saved}
          errors={errors}
          idPrefix={idPrefix}
          guideAdvice={PRODUCT_GUIDE_ADVICE}
        />
      </fieldset>
    </section>
  );
}
