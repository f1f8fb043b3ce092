import type { SubmissionResult } from "@conform-to/react";
import { notify } from "~/components/ui/toaster";
import { statusLabel } from "~/components/admin/admin-status-badge";

/** What the orders page action answers to an inline status or payment change. */
export type OrderUpdateResult =
  { ok: true; kind: "order" | "payment"; value: string; changed: boolean; emailed: boolean } | { ok: false; message: string };

/**
 * What the action answers to the refund form of the order details (app/modules/payments/refund-action.server.ts). A
 * failure without `kind` is the connection's (clientAction): the form shows it all the same.
 */
export type RefundActionResult =
  | { ok: true; kind: "refund"; status: "pending" | "processed"; message: string }
  | {
      ok: false;
      kind?: "refund";
      message: string;
      result?: SubmissionResult<string[]>;
      /** Refused until the staff member confirms it is them (decision 048). */
      confirmIdentity?: boolean;
    };

/** "Check with Paystack" on an unconfirmed refund (refund-check-action.server.ts): what Paystack now says, in words for staff. */
export type RefundCheckResult =
  | {
      ok: true;
      kind: "check-refund";
      refundId: string;
      status: "processed" | "pending" | "processing" | "failed" | "needs_attention" | "unconfirmed";
      message: string;
    }
  | { ok: false; kind?: "check-refund"; refundId?: string; message: string };

/** The fulfilment forms of the order details (app/modules/orders/fulfilment-action.server.ts). */
export type FulfilmentIntent = "ship" | "tracking" | "staff-note" | "customer-message";
export type FulfilmentActionResult =
  | { ok: true; kind: "fulfilment"; intent: FulfilmentIntent; message: string }
  | { ok: false; kind: "fulfilment"; intent?: FulfilmentIntent; message: string; result?: SubmissionResult<string[]> };

/** "Cash collected?" of a delivered Pay on Delivery order (app/modules/payments/cash-collection.server.ts). */
export type CashCollectedResult =
  { ok: true; kind: "cash"; recorded: boolean; message: string } | { ok: false; kind?: "cash"; message: string };

/** Shown when a change did not save; the select goes back to the saved value. */
export const ORDER_UPDATE_FAILED = "Failed to update order";

/** The toast for one answer of the action. */
export function toastOrderUpdate(result: OrderUpdateResult, orderNumber: string): void {
  if (!result.ok) {
    notify.error(ORDER_UPDATE_FAILED, { description: `${orderNumber}: ${result.message}` });
    return;
  }
  const title = result.kind === "order" ? "Order status updated" : "Payment status updated";
  const what =
    result.kind === "order"
      ? `${orderNumber} is now ${statusLabel(result.value)}.`
      : `${orderNumber} payment is now ${statusLabel(result.value)}.`;
  const email = result.emailed ? " The customer has been emailed." : "";
  notify.success(title, { description: result.changed ? what + email : `${orderNumber} was already ${statusLabel(result.value)}.` });
}
