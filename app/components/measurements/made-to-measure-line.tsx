import { Ruler } from "lucide";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { measurementsSummary, productionTimeText, type Measurements } from "~/modules/measurements/measurements";

/**
 * What every view of an order line (cart, checkout, confirmation, tracking, admin, printed
 * documents) says of a made-to-measure piece: "Made to measure (cm): Chest 102 · Waist 88 · …"
 * and "Made in 15 working days". `surcharge` is the already formatted amount the price
 * includes, when there is one and the view shows prices.
 */
export function MadeToMeasureLine({
  line,
  surcharge,
  className,
}: {
  line: { measurements: Measurements; days: number };
  surcharge?: string | null;
  className?: string;
}) {
  return (
    <div className={cn("mt-1 space-y-0.5 text-xs leading-snug", className)} data-testid="made-to-measure-line">
      <p className="flex gap-1.5 text-charcoal/85">
        <Icon of={Ruler} className="mt-px size-3.5 shrink-0 text-gold-ink print:hidden" />
        <span>{measurementsSummary(line.measurements)}</span>
      </p>
      <p className="font-semibold text-forest">
        {productionTimeText(line.days)}
        {surcharge ? <span className="font-normal text-stone"> · includes {surcharge} for making to measure</span> : null}
      </p>
    </div>
  );
}
