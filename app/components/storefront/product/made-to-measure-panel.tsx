import { Clock, Scissors } from "lucide";
import { Icon } from "~/components/ui/icon";
import { MeasurementsFields } from "~/components/storefront/measurements/measurements-fields";
import { useFormatMoney } from "../use-store-settings";
import type { MadeToMeasureForm } from "./use-made-to-measure-form";

const PRODUCT_GUIDE_ADVICE = "Every box is needed to cut your piece; if one puzzles you, our tailor will call before cutting.";

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
  const { setFieldset, unit, setUnit, offer: lastMeasurements, errors } = form;
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
          <Icon of={Scissors} className="mt-0.5 size-4 shrink-0 text-gold-ink" />
          <div>
            <p className="font-semibold text-charcoal" data-testid="made-to-measure-surcharge">
              {offer.surcharge > 0 ? `+ ${formatMoney(offer.surcharge)}` : "No surcharge"}
            </p>
            <p className="text-xs text-stone">for cutting to your measurements</p>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <Icon of={Clock} className="mt-0.5 size-4 shrink-0 text-gold-ink" />
          <div>
            <p className="font-semibold text-charcoal" data-testid="made-to-measure-days">
              {`Made for you in ${offer.days} working day${offer.days === 1 ? "" : "s"}, then shipped`}
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
      <fieldset className="mt-5" ref={setFieldset}>
        <legend className="sr-only">Your measurements</legend>
        <MeasurementsFields
          unit={unit}
          onUnitChange={setUnit}
          offer={lastMeasurements}
          errors={errors}
          idPrefix={idPrefix}
          guideAdvice={PRODUCT_GUIDE_ADVICE}
        />
      </fieldset>
    </section>
  );
}
