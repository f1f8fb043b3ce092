import { AlertTriangle, Scale } from "lucide";
import { money } from "~/components/admin/admin-format";
import { DetailsField as Field } from "~/components/admin/list/details-dialog";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { disputeAwaitsShop, disputeKind, disputeLost, disputeStatusWords } from "~/modules/payments/dispute-words";
import type { StaffDispute } from "~/modules/payments/order-payments.server";
import { paymentCard, pill } from "./payment-styles";

/**
 * A dispute (chargeback or fraud claim) a customer opened with their bank on one of the order's
 * payments: while open, bordered red with its due date in the heading, what the customer asks
 * back and says, where it stands, and what staff must do in Paystack's dashboard before the due
 * date (or that it is overdue); once resolved, how it ended.
 */
export function DisputeCard({ dispute, timeZone }: { dispute: StaffDispute; timeZone: string }) {
  const due = dispute.dueAt ? formatDateTime(dispute.dueAt, timeZone) : null;
  const kind = disputeKind(dispute.category);
  const heading = dispute.open ? (due ? `${kind} — answer by ${due}` : kind) : `${kind} — closed`;
  const headingId = `dispute-${dispute.id}`;
  const words = disputeStatusWords(dispute.status, dispute.resolution);
  const statusColour = dispute.open
    ? disputeAwaitsShop(dispute.status)
      ? "bg-red-100 text-red-900 ring-red-300"
      : "bg-yellow-100 text-yellow-900 ring-yellow-300"
    : disputeLost(dispute.resolution)
      ? "bg-slate-100 text-slate-900 ring-slate-300"
      : "bg-green-100 text-green-900 ring-green-300";
  return (
    <li>
      <article aria-labelledby={headingId} className={cn(paymentCard, dispute.open && "border-red-300 bg-red-50/60")}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h4 id={headingId} className="flex min-w-0 items-start gap-2 text-sm font-semibold text-charcoal">
            <Icon of={Scale} className={cn("mt-0.5 size-4 shrink-0", dispute.open ? "text-red-800" : "text-stone")} />
            <span>{heading}</span>
          </h4>
          <div className="flex flex-wrap items-center gap-2">
            {dispute.overdue && <span className={cn(pill, "bg-red-700 text-white ring-red-700")}>Overdue</span>}
            <span className={cn(pill, statusColour)}>{words}</span>
          </div>
        </div>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field label="Asked back">
            <span className="font-semibold tabular-nums">{money(dispute.amount, dispute.currency)}</span>
          </Field>
          <Field label="Payment">
            <code className="font-mono text-xs break-all">{dispute.transactionReference}</code>
          </Field>
          {dispute.resolvedAt && (
            <Field label="Resolved">
              <time dateTime={dispute.resolvedAt}>{formatDateTime(dispute.resolvedAt, timeZone)}</time>
            </Field>
          )}
          {dispute.customerMessage && (
            <Field label="What the customer says" className="sm:col-span-2">
              <blockquote className="border-l-2 border-sand-deep pl-3 text-charcoal italic">“{dispute.customerMessage}”</blockquote>
            </Field>
          )}
        </dl>
        {dispute.open && <DisputeAdvice dispute={dispute} due={due} />}
        <p className="mt-3 text-xs text-stone">
          Paystack dispute <code className="font-mono break-all">{dispute.providerDisputeId}</code>
        </p>
      </article>
    </li>
  );
}

/** What staff do about an open dispute, in Paystack's dashboard, and by when. */
function DisputeAdvice({ dispute, due }: { dispute: StaffDispute; due: string | null }) {
  if (!disputeAwaitsShop(dispute.status))
    return (
      <p role="note" className="mt-3 text-sm text-charcoal">
        Your answer is with the customer&apos;s bank, which decides now. Nothing to do unless Paystack asks for more.
      </p>
    );
  const what = "upload the order's proof of delivery or accept it. If it is not answered, Paystack gives the money back to the customer.";
  return (
    <p role="note" className="mt-3 flex gap-2 text-sm font-medium text-red-900">
      <Icon of={AlertTriangle} className="mt-0.5 size-4 shrink-0" />
      <span>
        {dispute.overdue && due && <strong className="font-semibold">Overdue: the answer was due {due}. </strong>}
        {dispute.overdue
          ? `Answer it in the Paystack dashboard (Disputes) now if it is still open: ${what}`
          : due
            ? `Answer it in the Paystack dashboard (Disputes) before ${due}: ${what}`
            : `Answer it in the Paystack dashboard (Disputes) as soon as you can: ${what}`}
      </span>
    </p>
  );
}
