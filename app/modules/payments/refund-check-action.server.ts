import { eq } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import { refunds } from "~db/schema/payments";
import { siteOrigin } from "~/lib/http.server";
import { paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { confirmRefundWithPaystack } from "~/modules/payments/refund-confirmation.server";
import type { RefundCheckForm } from "~/modules/payments/refund-check.schema";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { RefundCheckResult } from "~/components/admin/orders/order-update";

/**
 * "Check with Paystack" on a refund whose answer was lost (intent "check-refund", admins only:
 * the page's guard has checked method, session, role, origin and the form). The refund must be
 * one of the order the form was shown for, sent to Paystack, and Paystack connected; then the
 * shop asks Paystack (confirmRefundWithPaystack) and answers with what it now knows, in a
 * sentence for staff. A refund Paystack has processed queues the customer's email, so the
 * email worker is nudged.
 */
export async function checkRefundFromOrderDetails(context: AppLoadContext, form: RefundCheckForm) {
  const db = context.database.db;
  const fail = (message: string, status: number) =>
    data<RefundCheckResult>({ ok: false, kind: "check-refund", refundId: form.refundId, message }, { status });
  const paystack = paystackConfigOf(context.config);
  if (!paystack)
    return fail("Paystack is not connected: check this refund in the Paystack dashboard, or connect Paystack (Settings → Payments).", 409);
  const [refund] = await db
    .select({ orderId: refunds.orderId, provider: refunds.provider })
    .from(refunds)
    .where(eq(refunds.id, form.refundId));
  if (!refund || refund.orderId !== form.orderId)
    return fail("This refund is not one of this order's. Reload the page and try again.", 404);
  if (refund.provider !== "paystack")
    return fail("This refund was recorded by staff, not sent to Paystack: there is nothing to check.", 409);
  try {
    const settings = await getStoreSettings(db);
    const outcome = await confirmRefundWithPaystack(db, paystack, form.refundId, {
      storeName: settings.storeName,
      origin: siteOrigin(context),
    });
    context.log.info({ refundId: form.refundId, orderId: form.orderId, status: outcome.status }, "refund checked with Paystack");
    context.email.nudge();
    return {
      ok: true,
      kind: "check-refund",
      refundId: form.refundId,
      status: outcome.status,
      message: outcome.message,
    } satisfies RefundCheckResult;
  } catch (error) {
    context.log.error({ err: error, refundId: form.refundId, orderId: form.orderId }, "admin orders: refund check failed");
    return fail("The shop could not ask Paystack about this refund just now. Try again in a minute.", 500);
  }
}
