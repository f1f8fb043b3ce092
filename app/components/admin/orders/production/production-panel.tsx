import { Scissors } from "lucide";
import { useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { FormAlert } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/components/ui/toaster";
import type { AdminOrderDetails } from "~/modules/orders/order-types";
import type { ProductionMoveResult } from "~/modules/production/production-action.server";
import type { StaffProduction } from "~/modules/production/production.server";
import { PRODUCTION_NOTE_MAX } from "~/modules/production/production.schema";
import { nextProductionStep, productionStepLabel, productionSteps, stepIndex } from "~/modules/production/production-steps";
import { localDay } from "~/lib/dates";
import { formatCalendarDay, workingDaysUntil } from "~/modules/production/ready-date";
import { ProductionBalanceSpot } from "./production-balance-spot";
import { ProductionCorrections, ProductionProgress } from "./production-progress";

/**
 * The Production panel of a made-to-measure or custom order's details (decision 040): where the
 * garment is, when it should be ready, and a form to move it on (or back, with a reason). The
 * action (intent "production") locks the order and changes nothing when it is already there.
 */
export function ProductionPanel({
  order,
  production,
  timeZone,
}: {
  order: AdminOrderDetails;
  production: StaffProduction;
  timeZone: string;
}) {
  const titleId = `production-${order.id}-title`;
  const cancelled = order.orderStatus === "cancelled";
  // The fetcher lives here, not in the form: the form is drawn afresh after each move (its
  // next step and an empty note), and the answer must still reach the toast.
  const fetcher = useFetcher<ProductionMoveResult>();
  useFetcherResult(fetcher, (result) =>
    result.ok
      ? notify.success(result.moved ? "Production moved" : "Nothing to change", { description: result.message })
      : notify.error("Not moved", { description: result.message }),
  );
  return (
    <section aria-labelledby={titleId} className="mt-4 grid gap-4 rounded-md border border-border bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h3 id={titleId} className="font-display text-xl font-semibold text-charcoal">
          Production ·{" "}
          <span data-testid="production-current">{production.current ? productionStepLabel(production.current) : "Not started"}</span>
        </h3>
        <ReadyDate production={production} timeZone={timeZone} />
      </div>
      <ProductionProgress production={production} timeZone={timeZone} />
      <ProductionCorrections production={production} timeZone={timeZone} />
      {production.current === "ready" && <ProductionBalanceSpot order={order} />}
      {cancelled ? (
        <p className="text-sm text-stone">The order is cancelled: its production has stopped.</p>
      ) : (
        <ProductionMoveForm key={production.moves.length} fetcher={fetcher} order={order} production={production} />
      )}
    </section>
  );
}

/** "Expected ready 24 Dec 2026 (15 working days) · in 8 working days", "… · 3 working days late", "… · ready on time". */
function ReadyDate({ production, timeZone }: { production: StaffProduction; timeZone: string }) {
  if (!production.readyDay) return <p className="text-sm text-stone">No production time on its lines</p>;
  const readyMove = production.current === "ready" ? production.steps.at(-1)?.reached : null;
  // Once ready: how it went against the promise; before: how long is left, or how late it is.
  const left = workingDaysUntil(readyMove ? localDay(timeZone, readyMove.at) : production.today, production.readyDay);
  const late = left < 0;
  const days = (n: number) => `${n} working day${n === 1 ? "" : "s"}`;
  const when = readyMove
    ? late
      ? `ready ${days(-left)} late`
      : "ready on time"
    : left === 0
      ? "due today"
      : late
        ? `${days(-left)} late`
        : `in ${days(left)}`;
  return (
    <p className="text-sm text-stone">
      Expected ready <strong className="font-semibold text-charcoal tabular-nums">{formatCalendarDay(production.readyDay)}</strong>
      {production.productionDays ? ` (${days(production.productionDays)})` : ""} ·{" "}
      <span className={late ? "font-semibold text-terracotta" : readyMove ? "font-semibold text-forest" : undefined}>{when}</span>
    </p>
  );
}

function ProductionMoveForm({
  fetcher,
  order,
  production,
}: {
  fetcher: FetcherWithComponents<ProductionMoveResult>;
  order: AdminOrderDetails;
  production: StaffProduction;
}) {
  const [step, setStep] = useState(nextProductionStep(production.current) ?? production.current ?? "measured");
  const back = stepIndex(step) < stepIndex(production.current);
  const busy = fetcher.state !== "idle";
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const id = (name: string) => `production-${order.id}-${name}`;
  return (
    <fetcher.Form method="post" className="grid gap-3 border-t border-border pt-4 md:grid-cols-[14rem_1fr] md:items-start">
      <input type="hidden" name="intent" value="production" />
      <input type="hidden" name="orderId" value={order.id} />
      <div className="grid gap-1.5">
        <label htmlFor={id("step")} className="text-sm font-medium">
          Move to
        </label>
        <NativeSelect id={id("step")} name="step" value={step} onChange={(e) => setStep(e.currentTarget.value as typeof step)}>
          {productionSteps.map((s) => (
            <option key={s} value={s} disabled={s === production.current}>
              {productionStepLabel(s)}
              {s === production.current ? " (now)" : stepIndex(s) < stepIndex(production.current) ? " (back)" : ""}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={id("note")} className="text-sm font-medium">
          {back ? "Why go back?" : "Note"}{" "}
          <span className="text-xs font-normal text-stone">
            {back ? "required: a correction is kept with its reason" : "optional, staff only"}
          </span>
        </label>
        <Textarea
          id={id("note")}
          name="note"
          rows={2}
          maxLength={PRODUCTION_NOTE_MAX}
          required={back}
          className="min-h-16"
          placeholder={back ? "e.g. Sleeves cut short: recutting" : "e.g. Cloth from Kente Village, fitting booked for Saturday"}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 md:col-span-2">
        {step === "ready" && !back && (
          <label className="mr-auto flex items-center gap-2 text-sm">
            <input type="checkbox" name="emailCustomer" defaultChecked className="size-4 accent-forest" /> Email {order.customerEmail} that
            it is ready
          </label>
        )}
        {refused && <FormAlert id={id("error")} inline title={refused.message} className="mr-auto" />}
        <Button type="submit" disabled={busy} variant={back ? "outline" : "default"}>
          <Icon of={Scissors} />
          {busy ? "Saving…" : back ? `Back to ${productionStepLabel(step)}` : `Move to ${productionStepLabel(step)}`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
