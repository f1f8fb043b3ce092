import { Check, Minus } from "lucide";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import type { StaffProduction } from "~/modules/production/production.server";
import { productionStepLabel } from "~/modules/production/production-steps";

const markers = {
  done: "bg-forest text-ivory ring-forest",
  current: "bg-gold text-charcoal ring-gold ring-offset-2 ring-offset-white",
  skipped: "bg-white text-stone ring-border",
  upcoming: "bg-white text-stone ring-border",
} as const;

/**
 * The six steps as a progress list: reached (when and by whom, with the note), the current one,
 * steps passed over ("Skipped") and those to come. A row on phones, six columns from md.
 */
export function ProductionProgress({ production, timeZone }: { production: StaffProduction; timeZone: string }) {
  return (
    <ol aria-label="Production steps" className="grid gap-3 md:grid-cols-6 md:gap-2">
      {production.steps.map(({ step, state, reached }, index) => (
        <li
          key={step}
          aria-current={state === "current" ? "step" : undefined}
          className="flex gap-3 md:flex-col md:items-center md:gap-2 md:text-center"
        >
          <span
            className={cn("grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold tabular-nums ring-1", markers[state])}
            aria-hidden
          >
            {state === "done" || (state === "current" && step === "ready") ? (
              <Icon of={Check} className="size-4" />
            ) : state === "skipped" ? (
              <Icon of={Minus} className="size-4" />
            ) : (
              index + 1
            )}
          </span>
          <div className="min-w-0 text-sm">
            <p className={cn("font-semibold", state === "upcoming" || state === "skipped" ? "text-stone" : "text-charcoal")}>
              {productionStepLabel(step)}
              <span className="sr-only">
                {state === "current" ? " (current step)" : state === "skipped" ? " (skipped)" : state === "done" ? " (done)" : " (to come)"}
              </span>
            </p>
            {reached ? (
              <p className="text-xs text-stone">
                <time dateTime={reached.at} className="tabular-nums">
                  {formatDateTime(reached.at, timeZone)}
                </time>
                <span className="block">by {reached.movedBy}</span>
              </p>
            ) : (
              state === "skipped" && <p className="text-xs text-stone">Skipped</p>
            )}
            {reached?.note && !reached.back && <p className="mt-1 text-xs break-words text-charcoal italic">“{reached.note}”</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The moves back (corrections), newest first, with their reasons: what the progress list no longer shows. */
export function ProductionCorrections({ production, timeZone }: { production: StaffProduction; timeZone: string }) {
  const corrections = production.moves.filter((m) => m.back).reverse();
  if (corrections.length === 0) return null;
  return (
    <div className="rounded-sm border border-border bg-ivory p-3 text-sm">
      <p className="font-semibold text-charcoal">Corrections</p>
      <ul className="mt-1 grid gap-1">
        {corrections.map((m) => (
          <li key={m.id}>
            Back to {productionStepLabel(m.step)}: “{m.note}”{" "}
            <span className="text-xs text-stone">
              ({m.movedBy},{" "}
              <time dateTime={m.at} className="tabular-nums">
                {formatDateTime(m.at, timeZone)}
              </time>
              )
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
