import { FileText } from "lucide";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { formatMoney, formatMoneyWithCode } from "~/lib/money";
import { quoteStateLabels, type QuoteState } from "~/modules/quotes/quote-lines";
import type { AdminQuote } from "~/modules/quotes/quotes.server";
import { formatDay } from "./custom-request-format";
import { QuoteForm } from "./quote-form";

const stateColours: Record<QuoteState, string> = {
  open: "bg-sky-100 text-sky-900 ring-sky-300",
  accepted: "bg-green-100 text-green-900 ring-green-300",
  declined: "bg-slate-100 text-slate-900 ring-slate-300",
  superseded: "bg-stone-100 text-stone-800 ring-stone-300",
  expired: "bg-amber-100 text-amber-900 ring-amber-300",
};

/**
 * A request's quotes in its details dialog (issue 46, part 4): every version with its state
 * (sent, accepted with its order, declined with the customer's reason, replaced, expired), and
 * "Write a quote" or "Revise", which opens the form. Once a quote is accepted the request takes
 * no other: its order is what changes.
 */
export function CustomRequestQuotes({
  reference,
  quotes,
  timeZone,
  defaults,
}: {
  reference: string;
  quotes: AdminQuote[];
  timeZone: string;
  defaults: { depositPercent: number; today: string };
}) {
  const [writing, setWriting] = useState(false);
  const latest = quotes[0] ?? null;
  const accepted = quotes.find((q) => q.state === "accepted");
  return (
    <div className="grid gap-4">
      {!accepted &&
        (writing ? (
          <QuoteForm reference={reference} from={latest} defaults={defaults} onDone={() => setWriting(false)} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-dashed border-forest/40 bg-ivory/50 p-4">
            <p className="text-sm text-stone">
              {latest
                ? "Change the pieces, price, deposit or dates: the customer gets the new version, and the old link says it was replaced."
                : "Price the pieces, set the deposit and how long the quote holds. The customer gets it by email with a link to accept and pay."}
            </p>
            <Button type="button" onClick={() => setWriting(true)}>
              <Icon of={FileText} /> {latest ? "Revise the quote" : "Write a quote"}
            </Button>
          </div>
        ))}
      {quotes.length === 0 ? (
        <p className="text-sm text-stone">No quote yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Quotes, newest first">
          {quotes.map((q) => (
            <li key={q.version} className={cn("rounded-md border border-border bg-white p-4", q.state === "superseded" && "opacity-80")}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-charcoal">
                  Quote {q.version} · <span className="tabular-nums">{formatMoneyWithCode(q.total, q.currency)}</span>
                </p>
                <span
                  className={cn(
                    "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
                    stateColours[q.state],
                  )}
                >
                  {quoteStateLabels[q.state]}
                </span>
              </div>
              <ul className="mt-2 text-sm text-charcoal">
                {q.lines.map((l, i) => (
                  <li key={i} className="flex justify-between gap-3">
                    <span>
                      {l.quantity} × {l.description} <span className="text-stone">· {l.productionDays} days</span>
                    </span>
                    <span className="tabular-nums">{formatMoney(l.unitPrice * l.quantity, q.currency)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-xs text-stone">
                Deposit {formatMoney(q.deposit, q.currency)}
                {q.depositKind === "percent" ? ` (${q.depositValue} %)` : ""} · valid until {formatDay(q.validUntil)} · written by{" "}
                {q.createdBy}, {formatDateTime(q.createdAt, timeZone)}
              </p>
              {q.declinedAt && (
                <p className="mt-1 text-xs text-charcoal">
                  Declined {formatDateTime(q.declinedAt, timeZone)}
                  {q.declineReason ? `: “${q.declineReason}”` : ""}
                </p>
              )}
              {q.supersededAt && <p className="mt-1 text-xs text-stone">Replaced {formatDateTime(q.supersededAt, timeZone)}</p>}
              {q.order && (
                <p className="mt-2 text-sm">
                  Accepted {q.acceptedAt ? formatDateTime(q.acceptedAt, timeZone) : ""}: order{" "}
                  <Link to={`/admin/orders?order=${q.order.id}`} className="font-semibold text-forest underline underline-offset-4">
                    {q.order.number}
                  </Link>{" "}
                  <span className="text-stone">({paymentWords(q.order.paymentStatus, q.order.status)})</span>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** How the accepted quote's order stands, in a few words. */
function paymentWords(paymentStatus: string, status: string): string {
  if (status === "cancelled") return "cancelled";
  if (paymentStatus === "deposit_paid") return "deposit paid, in production";
  if (paymentStatus === "paid") return "paid in full";
  return "waiting for the deposit";
}
