import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { siteOrigin } from "~/lib/http.server";
import { guardAction } from "~/modules/auth/action-guard.server";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import {
  ONLINE_PAYMENT_UNAVAILABLE,
  paystackConfigOf,
  refreshPayment,
  startOnlinePayment,
} from "~/modules/payments/online-checkout.server";
import { orderPaymentView } from "~/modules/payments/payment-view.server";
import type { PayNowResult } from "~/modules/payments/payment-view";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { customerProductionOf } from "~/modules/production/production.server";

/*
 * The order's page (routes/storefront/order-confirmation.tsx): its loader and Pay now, also
 * answered in JSON at /api/orders/:orderId/page for the page's island (decision 038), which asks
 * again while a payment is awaited and sends Pay now from script.
 */

/**
 * The order's page, also where Paystack sends the shopper back (`?reference=…`): the payment
 * is then verified with Paystack by the server before the page says anything about it, and
 * while it is still pending the page asks again every few seconds (orderPayment, below). A
 * made-to-measure or custom order also carries where the workshop is with it (decision 040).
 */
export async function orderPageLoader({ params, context, url }: { params: { orderId: string }; context: AppLoadContext; url: URL }) {
  const db = context.database.db;
  const paystack = paystackConfigOf(context.config);
  let order = await getOrderDetails(db, params.orderId);
  if (order && paystack && isOnlinePayment(order.paymentMethod) && order.paymentStatus !== "paid") {
    const { storeName } = await getStoreSettings(db);
    const reference = url.searchParams.get("reference");
    const outcome = await refreshPayment(db, paystack, {
      orderId: order.id,
      reference,
      sender: { origin: siteOrigin(context), storeName },
    });
    if (outcome !== "not-checked") order = await getOrderDetails(db, params.orderId);
  }
  const [payment, production] = order ? await Promise.all([orderPaymentView(db, order), customerProductionOf(db, order)]) : [null, null];
  // Personal data: never cached by browsers or proxies.
  return data({ order, payment, production }, { status: order ? 200 : 404, headers: { "Cache-Control": "private, no-store" } });
}

/** Pay now: a new attempt (or the open one) for an order still held for its online payment. */
export async function payNowAction({
  request,
  params,
  context,
}: {
  request: Request;
  params: { orderId: string };
  context: AppLoadContext;
}) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: payNowSchema,
      reply: (refused): PayNowResult => ({ ok: false, message: refused.firstMessage ?? PAY_NOW_FAILED }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const paystack = paystackConfigOf(context.config);
  if (!paystack) return data<PayNowResult>({ ok: false, message: ONLINE_PAYMENT_UNAVAILABLE }, { status: 409 });
  const started = await startOnlinePayment(context.database.db, paystack, { orderId: params.orderId, origin: siteOrigin(context) });
  if (started.ok) return redirect(started.url);
  return data<PayNowResult>({ ok: false, message: started.message }, { status: 409 });
}

const payNowSchema = z.object({ intent: z.literal("pay", { error: "Unknown form. Reload the page and try again." }) });
const PAY_NOW_FAILED = "We could not start the payment. Please try again.";
