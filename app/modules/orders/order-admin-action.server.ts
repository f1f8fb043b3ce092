import { data, type AppLoadContext } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import { guardAction } from "~/modules/auth/action-guard.server";
import { confirmationNeeded } from "~/modules/auth/identity-confirmation.server";
import { eq } from "drizzle-orm";
import { orders } from "~db/schema/orders";
import { isRefundStatus } from "~/modules/orders/order-constants";
import { OrderNotFoundError, StockGoneError } from "~/modules/orders/order-errors";
import { BalanceDueError } from "~/modules/orders/order-status.server";
import { orderStatusFormSchema, paymentStatusFormSchema } from "~/modules/orders/order-filters.schema";
import { changeOrderStatusAsAdmin, changePaymentStatus } from "~/modules/orders/order-status.server";
import { refundCheckFormSchema } from "~/modules/payments/refund-check.schema";
import { refundFormSchema } from "~/modules/payments/refunds.schema";
import { cashCollectedFormSchema } from "~/modules/payments/cash-collection.schema";
import { CashNotDueError, recordCashCollected } from "~/modules/payments/cash-collection.server";
import { refundMoney } from "~/modules/payments/refund-email.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { customerMessageFormSchema, shipmentFormSchema, staffNoteFormSchema } from "~/modules/orders/fulfilment.schema";
import { fulfilFromOrderDetails } from "./fulfilment-action.server";
import {
  ORDER_UPDATE_FAILED,
  type CashCollectedResult,
  type FulfilmentActionResult,
  type FulfilmentIntent,
  type OrderUpdateResult,
  type RefundActionResult,
  type RefundCheckResult,
} from "~/components/admin/orders/order-update";
import { refundFromOrderDetails } from "~/modules/payments/refund-action.server";
import { checkRefundFromOrderDetails } from "~/modules/payments/refund-check-action.server";
import { requestPaymentFromOrderDetails, type PaymentRequestResult } from "~/modules/payments/payment-request-action.server";
import { recordPaymentFormSchema, revokeLinkFormSchema, sendLinkFormSchema } from "~/modules/payments/payment-request.schema";
import { productionMoveFormSchema } from "~/modules/production/production.schema";
import { moveProductionFromOrderDetails, type ProductionMoveResult } from "~/modules/production/production-action.server";

const fulfilmentIntents: readonly string[] = ["ship", "tracking", "staff-note", "customer-message"] satisfies FulfilmentIntent[];

/** The order page's forms by intent (what each needs: admin-access.ts, "admin/orders"). */
export const orderForms = {
  status: orderStatusFormSchema,
  payment: paymentStatusFormSchema,
  refund: refundFormSchema(),
  "check-refund": refundCheckFormSchema,
  ship: shipmentFormSchema,
  tracking: shipmentFormSchema,
  "staff-note": staffNoteFormSchema,
  "customer-message": customerMessageFormSchema,
  "cash-collected": cashCollectedFormSchema,
  "send-link": sendLinkFormSchema,
  "revoke-link": revokeLinkFormSchema,
  "record-payment": recordPaymentFormSchema,
  production: productionMoveFormSchema,
};

/**
 * The inline selects: intent "status" (order status; the orders module returns stock on
 * cancellation and takes it again on leaving cancelled, or refuses, 409 with a message naming
 * the product, when it has been sold meanwhile) or "payment". Both write the history with the
 * admin's name and, when the Order notifications setting is on, queue the customer's email in
 * the same transaction. The payment select sets pending, paid or failed, and leaves alone an
 * order with refunds (refunded, partially refunded): those follow the refunds. Intent "refund"
 * is the refund form of the order details (app/modules/payments/refund-action.server.ts), "check-refund" its Check
 * with Paystack button on an unconfirmed refund (refund-check-action.server.ts); "ship", "tracking",
 * "staff-note" and "customer-message" its fulfilment forms (fulfilment-action.server.ts); "cash-collected"
 * its "Cash collected?" button on a delivered Pay on Delivery order (cash-collection.server.ts); "send-link", "revoke-link"
 * and "record-payment" its "Ask for payment" panel on an unpaid order (payment-request-action.server.ts); "production"
 * its Production panel's move of a made-to-measure or custom order (production-action.server.ts).
 */
export async function updateOrderFromList(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    {
      access: { route: "admin/orders" },
      intents: orderForms,
      unknownIntent: "Unknown action",
      reply: (
        refused,
      ):
        | OrderUpdateResult
        | RefundActionResult
        | RefundCheckResult
        | FulfilmentActionResult
        | CashCollectedResult
        | PaymentRequestResult
        | ProductionMoveResult =>
        refused.intent === "send-link" || refused.intent === "revoke-link" || refused.intent === "record-payment"
          ? { ok: false, kind: "payment-request", message: refused.firstMessage ?? "Please check the form and try again." }
          : refused.intent === "cash-collected"
            ? { ok: false, kind: "cash", message: refused.firstMessage ?? "This form is out of date. Close the order and open it again." }
            : refused.intent === "refund"
              ? {
                  ok: false,
                  kind: "refund",
                  message: refused.firstMessage ?? "Please check the refund and try again.",
                  result: refused.result,
                }
              : refused.intent === "check-refund"
                ? {
                    ok: false,
                    kind: "check-refund",
                    message: refused.firstMessage ?? "This refund could not be checked. Reload the page and try again.",
                  }
                : refused.intent && fulfilmentIntents.includes(refused.intent)
                  ? {
                      ok: false,
                      kind: "fulfilment",
                      intent: refused.intent as FulfilmentIntent,
                      message: refused.firstMessage ?? "Please check the form and try again.",
                      result: refused.result,
                    }
                  : refused.intent === "production"
                    ? { ok: false, kind: "production", message: refused.firstMessage ?? "Please check the move and try again." }
                    : { ok: false, message: refused.firstMessage ?? "Unknown action" },
    },
  );
  if (!guarded.ok) return guarded.response;
  const { viewer } = guarded;
  if (guarded.intent === "refund") {
    // A refund above the owner's amount needs a sign-in confirmed in the last 15 minutes (decision 048).
    const { confirmRefundsAbove } = await getStoreSettings(context.database.db);
    const needed = guarded.value.amount > confirmRefundsAbove ? await confirmationNeeded(request, context) : null;
    if (needed) return data<RefundActionResult>({ ok: false, kind: "refund", message: needed, confirmIdentity: true }, { status: 403 });
    return refundFromOrderDetails(context, viewer, guarded.value);
  }
  if (guarded.intent === "check-refund") return checkRefundFromOrderDetails(context, guarded.value);
  if (guarded.intent === "send-link") return requestPaymentFromOrderDetails(context, viewer, { intent: "send-link", value: guarded.value });
  if (guarded.intent === "revoke-link")
    return requestPaymentFromOrderDetails(context, viewer, { intent: "revoke-link", value: guarded.value });
  if (guarded.intent === "record-payment")
    return requestPaymentFromOrderDetails(context, viewer, { intent: "record-payment", value: guarded.value });
  if (guarded.intent === "production") return moveProductionFromOrderDetails(context, viewer, guarded.value);
  if (guarded.intent === "ship") return fulfilFromOrderDetails(context, viewer, { intent: "ship", value: guarded.value });
  if (guarded.intent === "tracking") return fulfilFromOrderDetails(context, viewer, { intent: "tracking", value: guarded.value });
  if (guarded.intent === "staff-note") return fulfilFromOrderDetails(context, viewer, { intent: "staff-note", value: guarded.value });
  if (guarded.intent === "customer-message")
    return fulfilFromOrderDetails(context, viewer, { intent: "customer-message", value: guarded.value });
  const db = context.database.db;
  try {
    const settings = await getStoreSettings(db);
    const change = {
      changedBy: viewer.name.trim() || viewer.email,
      notifyCustomer: settings.orderNotifications,
      storeName: settings.storeName,
      origin: siteOrigin(context),
    };
    if (guarded.intent === "cash-collected") {
      const { orderId, amount } = guarded.value;
      try {
        const cash = await recordCashCollected(db, orderId, amount, change);
        if (cash.recorded && change.notifyCustomer) context.email.nudge();
        const money = refundMoney(cash.amount, cash.currency);
        return {
          ok: true,
          kind: "cash",
          recorded: cash.recorded,
          message: cash.recorded ? `${money} recorded: the order is paid.` : `${money} had already been recorded.`,
        } satisfies CashCollectedResult;
      } catch (error) {
        if (error instanceof CashNotDueError)
          return data<CashCollectedResult>({ ok: false, kind: "cash", message: error.message }, { status: 409 });
        throw error;
      }
    }
    let result: OrderUpdateResult;
    if (guarded.intent === "status") {
      const input = guarded.value;
      const { changed } = await changeOrderStatusAsAdmin(db, input.orderId, input.status, change);
      result = { ok: true, kind: "order", value: input.status, changed, emailed: changed && change.notifyCustomer };
    } else {
      const input = guarded.value;
      const [current] = await db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, input.orderId));
      if (current && isRefundStatus(current.paymentStatus))
        return data<OrderUpdateResult>(
          { ok: false, message: "This order has refunds: its payment status follows them. See Payments in the order's details." },
          { status: 409 },
        );
      const { changed } = await changePaymentStatus(db, input.orderId, input.paymentStatus, change);
      result = { ok: true, kind: "payment", value: input.paymentStatus, changed, emailed: changed && change.notifyCustomer };
    }
    if (result.emailed) context.email.nudge();
    return result;
  } catch (error) {
    if (error instanceof OrderNotFoundError) return data<OrderUpdateResult>({ ok: false, message: "Order not found" }, { status: 404 });
    // A cancelled order whose stock was sold meanwhile stays cancelled; the toast names the product.
    if (error instanceof StockGoneError || error instanceof BalanceDueError)
      return data<OrderUpdateResult>({ ok: false, message: error.message }, { status: 409 });
    context.log.error({ err: error, intent: guarded.intent }, "admin orders: update failed");
    return data<OrderUpdateResult>({ ok: false, message: `${ORDER_UPDATE_FAILED}. Please try again.` }, { status: 500 });
  }
}
