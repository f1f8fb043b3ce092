import { AlertTriangle } from "lucide";
import { Icon } from "~/components/ui/icon";
import { money } from "~/components/admin/admin-format";
import { DetailsField as Field } from "~/components/admin/list/details-dialog";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { isRefundStatus } from "~/modules/orders/order-constants";
import type { StaffOrderPayments, StaffPaymentAttempt } from "~/modules/payments/order-payments.server";
import { DisputeCard } from "./dispute-card";
import { paymentCard, pill } from "./payment-styles";
import { RefundCard } from "./refund-card";
import { RefundForm } from "./refund-form";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";

/** An attempt's status as staff read it, in the admin payment colours. */
const attemptStatus: Record<string, { label: string; colour: string }> = {
  created: { label: "Not sent to Paystack", colour: "bg-sand text-charcoal ring-sand-deep" },
  pending: { label: "Waiting for payment", colour: "bg-yellow-100 text-yellow-900 ring-yellow-300" },
  success: { label: "Paid", colour: "bg-green-100 text-green-900 ring-green-300" },
  failed: { label: "Failed", colour: "bg-red-100 text-red-900 ring-red-300" },
  abandoned: { label: "Abandoned", colour: "bg-sand text-charcoal ring-sand-deep" },
  mismatch: { label: "Amount mismatch", colour: "bg-red-100 text-red-900 ring-red-300" },
};

const channelLabels: Record<string, string> = { card: "Card", mobile_money: "Mobile money" };

/**
 * The Payments part of the order details: first any dispute (chargeback) customers opened with
 * their bank, then each online payment attempt as Paystack reported it (reference, status,
 * amount, method, paid time, fees, Paystack's message; a mismatch or a second payment stands
 * out), the refunds in Paystack's states with who asked and why, and the refund form when a
 * refund can be made.
 */
export function OrderPayments({
  orderId,
  orderNumber,
  customerName,
  currency,
  paymentStatus,
  payments,
  refundId,
  timeZone,
}: {
  orderId: string;
  orderNumber: string;
  customerName: string;
  currency: string;
  paymentStatus: string;
  payments: StaffOrderPayments;
  refundId: string | null;
  timeZone: string;
}) {
  const { can } = useAdminViewer();
  const { attempts, refunds, refund, disputes } = payments;
  return (
    <div className="grid gap-4">
      {disputes.length > 0 && (
        <ul className="grid gap-3" aria-label="Disputes">
          {disputes.map((dispute) => (
            <DisputeCard key={dispute.id} dispute={dispute} timeZone={timeZone} />
          ))}
        </ul>
      )}

      {attempts.length === 0 ? (
        <p className="text-sm text-stone">
          No online payment: {refund.provider === "manual" ? "this order is paid on delivery (or marked paid by hand)." : "none recorded."}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Payment attempts">
          {attempts.map((attempt) => (
            <AttemptCard key={attempt.id} attempt={attempt} timeZone={timeZone} />
          ))}
        </ul>
      )}

      {refunds.length > 0 && (
        <div>
          <h4 className="mb-2 text-sm font-semibold text-charcoal">Refunds</h4>
          <ul className="grid gap-3" aria-label="Refunds">
            {refunds.map((r) => (
              <RefundCard key={r.id} refund={r} orderId={orderId} paystackConnected={payments.paystackConnected} timeZone={timeZone} />
            ))}
          </ul>
        </div>
      )}

      {refund.unavailable === null && refundId && can("refunds.manage") ? (
        <RefundForm
          // A fresh form (amount left, empty reason) once a refund has been made or has failed.
          key={`${refunds.length}-${refund.refundable}`}
          orderId={orderId}
          orderNumber={orderNumber}
          customerName={customerName}
          refundId={refundId}
          refundability={refund}
          currency={currency}
        />
      ) : (
        // Why no refund can be made, once there has been a payment to refund.
        refund.unavailable &&
        (isRefundStatus(paymentStatus) || paymentStatus === "paid") && (
          <p className="text-sm text-stone" data-testid="refund-unavailable">
            {refund.unavailable}
          </p>
        )
      )}
    </div>
  );
}

function AttemptCard({ attempt, timeZone }: { attempt: StaffPaymentAttempt; timeZone: string }) {
  const status = attemptStatus[attempt.status] ?? { label: attempt.status, colour: "bg-sand text-charcoal ring-sand-deep" };
  const mismatch = attempt.status === "mismatch";
  const paidTwice = attempt.extraPayment && attempt.status === "success";
  return (
    <li className={cn(paymentCard, (mismatch || paidTwice) && "border-red-300 bg-red-50")}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-charcoal">{attempt.method ?? channelLabels[attempt.channel ?? ""] ?? "Online payment"}</p>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-semibold tabular-nums">{money(attempt.amount, attempt.currency)}</span>
          <span className={cn(pill, status.colour)}>{status.label}</span>
          {paidTwice && <span className={cn(pill, "bg-red-100 text-red-900 ring-red-300")}>Paid twice</span>}
        </div>
      </div>
      {paidTwice && (
        <p role="note" className="mt-3 flex gap-2 text-sm font-medium text-red-900">
          <Icon of={AlertTriangle} className="mt-0.5 size-4 shrink-0" />
          This payment came in after the order was already paid: the customer was charged twice. Refund this payment (below) unless they
          asked for it.
        </p>
      )}
      {mismatch && (
        <p role="note" className="mt-3 flex gap-2 text-sm font-medium text-red-900">
          <Icon of={AlertTriangle} className="mt-0.5 size-4 shrink-0" />
          Paystack reported another amount or currency than this order was charged, so it was not marked paid. Check the payment in the
          Paystack dashboard before doing anything else.
        </p>
      )}
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field label="Reference">
          <code className="font-mono text-xs break-all">{attempt.reference}</code>
        </Field>
        <Field label="Paid">
          {attempt.paidAt ? <time dateTime={attempt.paidAt}>{formatDateTime(attempt.paidAt, timeZone)}</time> : "Not paid"}
        </Field>
        {attempt.fees !== null && (
          <Field label="Paystack fees">
            <span className="tabular-nums">{money(attempt.fees, attempt.currency)}</span>
          </Field>
        )}
        {attempt.gatewayMessage && <Field label="Paystack's message">{attempt.gatewayMessage}</Field>}
      </dl>
    </li>
  );
}
