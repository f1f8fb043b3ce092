import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { guardAction } from "~/modules/auth/action-guard.server";
import { getViewer } from "~/modules/auth/session.server";
import { findOrderForTracking, type OrderDetails } from "~/modules/orders/order-details.server";
import { findOrderForUser, listRecentOrdersForUser } from "~/modules/orders/customer-orders.server";
import { normaliseOrderNumber } from "~/modules/orders/order-number";
import { orderPaymentView } from "~/modules/payments/payment-view.server";
import type { OrderPaymentView } from "~/modules/payments/payment-view";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";

/*
 * /track-order's loader and action (routes/storefront/track-order.tsx), the action also answered
 * in JSON at /api/track-order for the page's island (components/storefront/track-order).
 */

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, max));

/** The lookup form (order number and email), or "open" one of the signed-in customer's orders. */
const trackOrderSchema = z.object({
  intent: z.string().optional(),
  orderId: text(100),
  orderNumber: text(40),
  email: text(254),
});

/** Lookups per visitor address: enough for a shopper, too few to guess order numbers. */
const TRACKING_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

export type TrackResult =
  | { ok: true; order: OrderDetails; payment: OrderPaymentView | null }
  | { ok: false; kind: "blank" | "not-found" | "rate-limited" | "error"; title: string; message: string };

/** Signed-in customers see their five newest orders (docs/product-rules.md: failures are only logged). */
export async function trackOrderLoader(request: Request, context: AppLoadContext) {
  const viewer = await getViewer(request, context);
  if (!viewer) return { signedIn: false, recentOrders: [] };
  try {
    return { signedIn: true, recentOrders: await listRecentOrdersForUser(context.database.db, viewer.id) };
  } catch (error) {
    context.log.error({ err: error }, "loading recent orders failed");
    return { signedIn: true, recentOrders: [] };
  }
}

export async function trackOrderAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: trackOrderSchema,
      reply: (refused): TrackResult => ({
        ok: false,
        kind: "error",
        title: "Error tracking order",
        message: refused.firstMessage ?? "Something went wrong. Please try again.",
      }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const form = guarded.value;
  if (form.intent === "open") return openOwnOrder(request, context, form.orderId);
  const { orderNumber, email } = form;
  if (!orderNumber)
    return data<TrackResult>(
      {
        ok: false,
        kind: "blank",
        title: "Please enter an order number",
        message: "You will find it in your confirmation email, e.g. ORD-123456.",
      },
      { status: 400 },
    );
  try {
    const limit = await consumeRateLimit(context.database.db, `track-order:ip:${context.clientIp}`, TRACKING_LIMIT);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return data<TrackResult>(
        {
          ok: false,
          kind: "rate-limited",
          title: "Too many attempts",
          message: `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    // "123456", "ord-123456" and "ORD 123456" are the same order number (order-number.ts).
    const number = normaliseOrderNumber(orderNumber);
    const order = email && number ? await findOrderForTracking(context.database.db, number, email) : null;
    if (!order)
      return data<TrackResult>(
        { ok: false, kind: "not-found", title: "Order not found", message: "Please check your order number and try again." },
        { status: 404 },
      );
    return data<TrackResult>(
      { ok: true, order, payment: await orderPaymentView(context.database.db, order) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    context.log.error({ err: error }, "order tracking failed");
    return data<TrackResult>(
      { ok: false, kind: "error", title: "Error tracking order", message: "Something went wrong. Please try again." },
      { status: 500 },
    );
  }
}

/** A signed-in customer opens one of their own orders: no email needed, no rate limit. */
async function openOwnOrder(request: Request, context: AppLoadContext, orderId: string) {
  const notFound = () =>
    data<TrackResult>(
      { ok: false, kind: "not-found", title: "Order not found", message: "Please check your order number and try again." },
      { status: 404 },
    );
  const viewer = await getViewer(request, context);
  if (!viewer) return notFound();
  try {
    const order = await findOrderForUser(context.database.db, orderId, viewer.id);
    if (!order) return notFound();
    const payment = await orderPaymentView(context.database.db, order);
    return data<TrackResult>({ ok: true, order, payment }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    context.log.error({ err: error }, "opening an own order failed");
    return data<TrackResult>(
      { ok: false, kind: "error", title: "Error tracking order", message: "Something went wrong. Please try again." },
      { status: 500 },
    );
  }
}
