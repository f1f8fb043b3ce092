import { AlertTriangle, RefreshCw } from "lucide";
import { useFetcher } from "react-router";
import { money } from "~/components/admin/admin-format";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useAdminViewer } from "../use-admin-viewer";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import type { StaffRefund } from "~/modules/payments/order-payments.server";
import type { RefundCheckResult } from "./order-update";
import { paymentCard, pill } from "./payment-styles";

/**
 * A refund's state as staff read it: Paystack's refund states in words, in the admin payment
 * colours; the ones that need staff (failed, needs attention, unconfirmed) also border the card.
 */
const refundStatus: Record<StaffRefund["status"], { label: string; colour: string; card?: string }> = {
  pending: { label: "Waiting for Paystack", colour: "bg-yellow-100 text-yellow-900 ring-yellow-300" },
  processing: { label: "Paystack is processing", colour: "bg-yellow-100 text-yellow-900 ring-yellow-300" },
  processed: { label: "Refunded", colour: "bg-slate-100 text-slate-900 ring-slate-300" },
  failed: { label: "Not refunded", colour: "bg-red-100 text-red-900 ring-red-300", card: "border-red-300" },
  needs_attention: { label: "Needs your attention", colour: "bg-red-100 text-red-900 ring-red-300", card: "border-amber-400" },
  unconfirmed: { label: "Not confirmed by Paystack", colour: "bg-amber-100 text-amber-900 ring-amber-300", card: "border-amber-400" },
};

/** What staff read when the shop has no words of its own for the state (the lead's code writes them). */
const fallbackNote: Partial<Record<StaffRefund["status"], string>> = {
  failed: "Paystack could not send this money back to the customer. Refund it again, or give it back another way.",
  needs_attention: "Paystack needs the customer's account details to finish this refund: retry it from the Paystack dashboard (Refunds).",
  unconfirmed:
    "Paystack did not answer when this refund was sent, so it may have been made. Check with Paystack before refunding this amount again.",
};

/**
 * One refund of the order's Payments: amount, how (Paystack, or recorded by staff), its state,
 * the reason the customer read, who asked and when, Paystack's refund reference once known, and
 * for a refund that needs staff, what happened and what to do. An unconfirmed refund has Check
 * with Paystack while Paystack is connected; its answer stays on the card when the state changes.
 */
export function RefundCard({
  refund,
  orderId,
  paystackConnected,
  timeZone,
}: {
  refund: StaffRefund;
  orderId: string;
  paystackConnected: boolean;
  timeZone: string;
}) {
  const status = refundStatus[refund.status];
  const note = refund.status in fallbackNote ? (refund.failureMessage ?? fallbackNote[refund.status]) : null;
  const providerName = refund.providerRefundReference ?? refund.providerRefundId;
  // Asking Paystack about a refund is refunds' work (refunds.manage): other roles read the card only.
  const mayRefund = useAdminViewer().can("refunds.manage");
  return (
    <li className={cn(paymentCard, status.card)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-charcoal">
          <span className="tabular-nums">{money(refund.amount, refund.currency)}</span>{" "}
          <span className="font-normal text-stone">{refund.provider === "manual" ? "recorded by staff" : "through Paystack"}</span>
        </p>
        <span className={cn(pill, status.colour)}>{status.label}</span>
      </div>
      <p className="mt-2 text-sm text-charcoal">{refund.reason}</p>
      <p className="mt-1 text-xs text-stone">
        Asked by {refund.requestedBy} on <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt, timeZone)}</time>
        {refund.processedAt && (
          <>
            {" "}
            · refunded <time dateTime={refund.processedAt}>{formatDateTime(refund.processedAt, timeZone)}</time>
          </>
        )}
      </p>
      {note ? (
        <p
          role="note"
          className={cn("mt-3 flex gap-2 text-sm font-medium", refund.status === "unconfirmed" ? "text-amber-900" : "text-red-900")}
        >
          <Icon of={AlertTriangle} className="mt-0.5 size-4 shrink-0" />
          {note}
        </p>
      ) : (
        refund.failureMessage && <p className="mt-2 text-sm text-stone">{refund.failureMessage}</p>
      )}
      {refund.provider === "paystack" && (
        <CheckWithPaystack refund={refund} orderId={orderId} offered={mayRefund && paystackConnected && refund.status === "unconfirmed"} />
      )}
      {providerName && (
        <p className="mt-2 text-xs text-stone">
          Paystack refund <code className="font-mono break-all">{providerName}</code>
        </p>
      )}
    </li>
  );
}

/**
 * Asks Paystack what became of a refund whose answer was lost (intent "check-refund"). The
 * answer is shown under the button, and stays when the refund's new state hides the button.
 */
function CheckWithPaystack({ refund, orderId, offered }: { refund: StaffRefund; orderId: string; offered: boolean }) {
  const fetcher = useFetcher<RefundCheckResult>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (!offered && !answer) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
      {offered && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="check-refund" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="refundId" value={refund.id} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            <Icon of={RefreshCw} className={cn(busy && "motion-safe:animate-spin")} />
            {busy ? "Asking Paystack…" : "Check with Paystack"}
          </Button>
        </fetcher.Form>
      )}
      {answer && <FormAlert inline tone={answer.ok ? "success" : "error"} title={answer.message} className="min-w-0 flex-1" />}
    </div>
  );
}
