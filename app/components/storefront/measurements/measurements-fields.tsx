import { Ruler } from "lucide";
import { lazy, Suspense, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { CM_PER_INCH, measurementFields } from "~/modules/measurements/measurement-fields";
import { type Measurements, type MeasurementUnit, type SavedMeasurements } from "~/modules/measurements/measurements";
import { UseLastMeasurements } from "./use-last-measurements";

/** The drawings beside the boxes: a chunk of their own, fetched once the boxes are shown. */
const MeasurementDiagram = lazy(() => import("./measurement-diagram"));

const boundsIn = (field: (typeof measurementFields)[number], unit: MeasurementUnit) =>
  unit === "cm" ? `${field.minCm}–${field.maxCm}` : `${Math.ceil(field.minCm / CM_PER_INCH)}–${Math.floor(field.maxCm / CM_PER_INCH)}`;

/** The guide's closing advice on the custom request form, where measurements are optional. */
const REQUEST_GUIDE_ADVICE = "If you are unsure of one, leave the section closed and our tailor will take you through it.";

/**
 * The ten measurements with a cm/in choice and, beside each box, a drawing of where the tape goes
 * and how to take it (the hints of app/modules/measurements): the one measurements fieldset of
 * the shop, on the custom request form and for made to measure on the product page and in Quick
 * View. Field names follow the schemas ("measurements.values.chest"); errors come by those names.
 * `offer` is a signed-in customer's last measurements (from /api/my-measurements): a button
 * fills the boxes with them, never on its own. `idPrefix` keeps ids unique when two forms can be
 * on one page.
 */
export function MeasurementsFields({
  unit,
  onUnitChange,
  offer,
  errors,
  idPrefix = "measurement",
  guideAdvice = REQUEST_GUIDE_ADVICE,
}: {
  unit: MeasurementUnit;
  onUnitChange: (unit: MeasurementUnit) => void;
  offer: SavedMeasurements | null;
  errors: Record<string, string[] | undefined>;
  idPrefix?: string;
  guideAdvice?: string;
}) {
  // The measurements the button filled in; the boxes are drawn again with them (what was typed is replaced).
  const [filled, setFilled] = useState<{ measurements: Measurements; times: number } | null>(null);
  const fillFromOffer = () => {
    if (!offer) return;
    onUnitChange(offer.measurements.unit);
    setFilled((before) => ({ measurements: offer.measurements, times: (before?.times ?? 0) + 1 }));
  };
  return (
    <div className="grid gap-6">
      {offer && <UseLastMeasurements offer={offer} used={filled !== null} onUse={fillFromOffer} />}
      <div className="rounded-sm border border-gold/40 bg-sand/50 p-4 text-sm leading-relaxed text-charcoal/85 md:p-5">
        <p className="flex items-center gap-2 font-semibold text-charcoal">
          <Icon of={Ruler} className="size-4 text-gold-ink" /> How to measure
        </p>
        <p className="mt-1.5">
          Use a soft tape over a thin shirt, snug but not tight, and ask someone to help: measurements you take on yourself run small. Each
          box says where the tape goes. {guideAdvice}
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-charcoal">Unit</legend>
        <div className="mt-2 inline-flex rounded-sm border border-border bg-white p-1">
          {(["cm", "in"] as const).map((u) => (
            <label
              key={u}
              className={cn(
                "cursor-pointer rounded-[2px] px-4 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold",
                unit === u ? "bg-forest text-ivory" : "text-stone hover:text-charcoal",
              )}
            >
              <input
                type="radio"
                name="measurements.unit"
                value={u}
                checked={unit === u}
                onChange={() => onUnitChange(u)}
                className="sr-only"
              />
              {u === "cm" ? "Centimetres" : "Inches"}
            </label>
          ))}
        </div>
      </fieldset>
      <div key={filled?.times ?? 0} className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
        {measurementFields.map((field) => {
          const name = `measurements.values.${field.key}`;
          const id = `${idPrefix}-${field.key}`;
          const error = errors[name]?.[0];
          return (
            <div key={field.key} className="grid grid-cols-[3.5rem_minmax(0,1fr)] content-start gap-x-3 gap-y-1.5">
              <div className="row-span-4 flex h-28 w-14 items-center justify-center rounded-sm bg-sand/50">
                <Suspense fallback={null}>
                  <MeasurementDiagram measure={field.key} className="h-[6.5rem] w-[3.25rem]" />
                </Suspense>
              </div>
              <label htmlFor={id} className="text-sm font-medium text-charcoal">
                {field.label}
              </label>
              <div className="relative">
                <input
                  id={id}
                  name={name}
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={filled ? String(filled.measurements.values[field.key]) : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                  className={cn(
                    "h-11 w-full rounded-sm border border-border bg-white pr-12 pl-3 text-sm text-charcoal tabular-nums transition-colors focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold/60",
                    error && "border-destructive",
                  )}
                />
                <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs text-stone" aria-hidden>
                  {unit}
                </span>
              </div>
              <p id={`${id}-hint`} className="text-xs leading-snug text-stone">
                {field.hint}{" "}
                <span className="whitespace-nowrap">
                  ({boundsIn(field, unit)} {unit})
                </span>
              </p>
              {error && (
                <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
