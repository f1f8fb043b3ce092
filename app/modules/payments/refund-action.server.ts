import { data, type AppLoadContext } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import type { Viewer } from "~/modules/auth/session.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { refundMoney } from "~/modules/payments/refund-email.server";
import type { RefundForm } from "~/modules/payments/refunds.schema";
import { refundOrder, RefundRefusedError } from "~/modules/payments/refunds.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { RefundActionResult } from "~/components/admin/orders/order-update";

const refusedStatus: Record<RefundRefusedError["reason"], number> = {
  invalid: 400,
  "stale-form": 409,
  "not-paid": 409,
  "too-much": 409,
  "not-connected": 409,
};

/**
 * The refund form (intent "refund", admins only: the page's guard has checked method, session,
 * role, origin and the form): refunds through Paystack, or records a Pay on Delivery refund, in
 * the admin's name. A refusal (not paid, more than is left, Paystack not connected) is 409 with
 * its message; Paystack refusing (failed) or not answering (unconfirmed, the amount kept reserved
 * until the shop knows) is 502, with what happened and what to do.
 */
export async function refundFromOrderDetails(context: AppLoadContext, viewer: Viewer, form: RefundForm) {
  const db = context.database.db;
  const fail = (message: string, status: number) => data<RefundActionResult>({ ok: false, kind: "refund", message }, { status });
  try {
    const settings = await getStoreSettings(db);
    const outcome = await refundOrder(
      db,
      {
        orderId: form.orderId,
        refundId: form.refundId,
        amount: form.amount,
        reason: form.reason,
        requestedBy: viewer.name.trim() || viewer.email,
        requestedByUserId: viewer.id,
      },
      { paystack: paystackConfigOf(context.config), storeName: settings.storeName, origin: siteOrigin(context) },
    );
    const amount = refundMoney(outcome.refund.amount, outcome.refund.currency);
    if (outcome.status === "failed" || outcome.status === "unconfirmed") {
      context.log.warn({ refundId: outcome.refund.id, orderId: form.orderId, status: outcome.status }, "refund not confirmed by Paystack");
      return fail(outcome.message, 502);
    }
    context.email.nudge();
    return {
      ok: true,
      kind: "refund",
      status: outcome.status,
      message:
        outcome.status === "processed"
          ? `Refund of ${amount} recorded. The customer has been emailed.`
          : `Paystack is refunding ${amount}. The order changes to refunded when Paystack confirms it.`,
    } satisfies RefundActionResult;
  } catch (error) {
    if (error instanceof OrderNotFoundError) return fail("Order not found", 404);
    if (error instanceof RefundRefusedError) return fail(error.message, refusedStatus[error.reason]);
    context.log.error({ err: error, orderId: form.orderId }, "admin orders: refund failed");
    return fail("The refund could not be made. Please try again.", 500);
  }
}
