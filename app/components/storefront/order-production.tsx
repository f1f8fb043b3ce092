import { Check, Scissors } from "lucide";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import type { CustomerProduction } from "~/modules/production/production.server";
import { formatCalendarDay } from "~/modules/production/ready-date";
import { useStoreTimeZone } from "./use-store-settings";

/**
 * "Your Garment" on the customer's order page (decision 040): where a made-to-measure or custom
 * piece is in the workshop, the day each step was reached and when it should be ready. Rendered
 * by the route on the server only and placed in the page's island through a server slot
 * (app/islands/server-slot.tsx): none of it is in the page's script. A column on phones, a row of
 * six from md.
 */
export function OrderProduction({ production }: { production: CustomerProduction }) {
  const timeZone = useStoreTimeZone();
  const current = production.steps.find((s) => s.state === "current") ?? null;
  const ready = production.current === "ready";
  return (
    <section
      aria-labelledby="production-heading"
      className="overflow-hidden rounded-sm border border-gold/50 bg-white/80"
      data-testid="order-production"
    >
      <div className="kente-band h-1.5" aria-hidden />
      <div className="p-6 md:p-8">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <p className="text-xs font-semibold tracking-[0.2em] text-gold-ink uppercase">From our Accra workshop</p>
            <h2 id="production-heading" className="mt-1 flex items-center gap-2 text-3xl font-semibold">
              <Icon of={Scissors} className="size-6 text-forest" /> Your Garment
            </h2>
            <p className="mt-2 max-w-xl text-charcoal" data-testid="production-now">
              {current ? (
                <>
                  <strong className="font-semibold">{current.label}.</strong> {current.description}
                </>
              ) : (
                "Your order is with our tailors: we will begin with your measurements."
              )}
            </p>
          </div>
          <ReadyLine production={production} timeZone={timeZone} ready={ready} />
        </div>
        <ol className="mt-8 grid gap-0 md:grid-cols-6" aria-label="Making your garment">
          {production.steps.map((step, index) => {
            const last = index === production.steps.length - 1;
            return (
              <li
                key={step.step}
                aria-current={step.state === "current" ? "step" : undefined}
                className="relative flex gap-4 pb-6 last:pb-0 md:flex-col md:items-center md:gap-3 md:pb-0 md:text-center"
              >
                {!last && (
                  // The thread between two steps: gold once the next step is reached.
                  <span
                    aria-hidden
                    className={cn(
                      "absolute top-8 bottom-0 left-[0.9375rem] w-px md:top-[0.9375rem] md:right-[-50%] md:bottom-auto md:left-[50%] md:h-px md:w-auto",
                      production.steps[index + 1]!.state === "upcoming" ? "bg-border" : "bg-gold",
                    )}
                  />
                )}
                <span
                  aria-hidden
                  className={cn(
                    "relative z-10 grid size-8 shrink-0 place-items-center rounded-full text-xs font-semibold ring-1",
                    step.state === "done" && "bg-forest text-ivory ring-forest",
                    step.state === "current" && "bg-gold text-charcoal ring-4 ring-gold/25",
                    step.state === "upcoming" && "bg-ivory text-stone ring-border",
                  )}
                >
                  {step.state === "done" || (step.state === "current" && step.step === "ready") ? (
                    <Icon of={Check} className="size-4" />
                  ) : (
                    index + 1
                  )}
                </span>
                <div className="min-w-0 pt-1 md:pt-0">
                  <p className={cn("font-semibold", step.state === "upcoming" ? "text-stone" : "text-charcoal")}>
                    {step.label}
                    <span className="sr-only">
                      {step.state === "current" ? ": where your garment is now" : step.state === "done" ? ": done" : ": to come"}
                    </span>
                  </p>
                  <p className="text-xs text-stone tabular-nums">
                    {step.reachedAt ? (
                      <time dateTime={step.reachedAt}>{formatDate(step.reachedAt, timeZone)}</time>
                    ) : step.state === "done" ? (
                      "Done"
                    ) : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

/** "Expected ready" with its date, or "Ready since" once it is. */
function ReadyLine({ production, timeZone, ready }: { production: CustomerProduction; timeZone: string; ready: boolean }) {
  const day =
    ready && production.readyAt
      ? formatDate(production.readyAt, timeZone)
      : production.readyDay
        ? formatCalendarDay(production.readyDay)
        : null;
  if (!day) return null;
  return (
    <div className="shrink-0 rounded-sm bg-sand/60 px-4 py-3 md:text-right" data-testid="production-ready-date">
      <p className="text-xs font-semibold tracking-[0.15em] text-stone uppercase">{ready ? "Ready since" : "Expected ready"}</p>
      <p className="font-display text-2xl font-semibold text-charcoal tabular-nums">{day}</p>
    </div>
  );
}
