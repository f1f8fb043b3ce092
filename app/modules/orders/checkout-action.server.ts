import { data, type ActionFunctionArgs } from "react-router";
import { OrderRefusedError } from "~/modules/orders/order-errors";
import { checkoutFormSchema } from "~/modules/orders/checkout.schema";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { currentCartLines } from "~/modules/orders/cart-review.server";
import type { CurrentCartLine } from "~/modules/cart/cart-refresh";
import { getViewer } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { invalidateShippingZonesCache, listShippingZones } from "~/modules/shipping/shipping-zones.server";
import type { ShippingZone } from "~/modules/shipping/shipping-zones";
import { siteOrigin } from "~/lib/http.server";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import { OrderLimitError, shopperKeys } from "~/modules/orders/order-limits.server";
import { saveCheckoutAddress, type CheckoutAddressSaved } from "~/modules/customers/address-book.server";
import {
  ONLINE_PAYMENT_UNAVAILABLE,
  onlinePaymentAvailable,
  paystackConfigOf,
  startOnlinePayment,
} from "~/modules/payments/online-checkout.server";

/** What the checkout form is told after Place Order (POST /api/checkout, app/routes/api/checkout.ts). */
export type CheckoutActionResult =
  | {
      ok: true;
      orderId: string;
      orderNumber: string;
      /** Paid online: Paystack's checkout, where the browser goes next. */
      paymentUrl?: string;
      /** Paid online but Paystack could not be started: the order page says why and offers Pay now. */
      paymentProblem?: string;
      /** "Save this address to my account", once the order was placed (issue 47): what came of it. */
      addressSaved?: CheckoutAddressSaved | "failed";
    }
  | {
      ok: false;
      message?: string;
      fieldErrors?: Partial<Record<"email" | "name" | "phone" | "address" | "country" | "region" | "notes", string>>;
      /** The catalog now, line by line, when the cart itself was refused: the browser corrects its cart with it (refreshCart). */
      currentLines?: CurrentCartLine[];
      /** The zones now, when shipping was refused (fee changed, Pay on Delivery not offered): the summary shows the current fee. */
      zones?: ShippingZone[];
      /** The discount code no longer applies (issue 47): why, shown by the code; the cart stays as it is. */
      discountRefused?: string;
    };

const GENERIC_FAILURE = "Something went wrong. Please try again.";

/** The guard's refusal in the checkout form's terms: a line for the cart, or the fields to fix. */
function checkoutRefusal(refused: GuardFailure): CheckoutActionResult {
  if (refused.reason !== "input") return { ok: false, message: refused.message ?? GENERIC_FAILURE };
  const fieldErrors: Record<string, string> = {};
  let message: string | undefined;
  for (const [name, error] of Object.entries(refused.fieldErrors)) {
    const key = name.split(/[.[]/)[0]!;
    if (key === "items")
      message =
        error === "Cart is empty"
          ? "Please add items to your cart before checkout."
          : name.includes(".measurements.")
            ? // An impossible measurement in a made-to-measure line: its own message says which and why.
              `${error} Please remove the made-to-measure piece and add it again with your measurements.`
            : "Your cart could not be read. Please review it.";
    else if (key === "idempotencyKey") message = GENERIC_FAILURE;
    else fieldErrors[key] ??= error;
  }
  return { ok: false, message: message ?? "Please check the highlighted fields.", fieldErrors };
}

/**
 * Places the order the checkout form sends: validated, priced and stocked by the server in one
 * transaction (placeOrder), once per idempotency key; online payments then start at Paystack.
 */
export async function checkoutAction({ request, context }: Pick<ActionFunctionArgs, "request" | "context">) {
  const guarded = await guardAction({ request, context }, { access: "anyone", schema: checkoutFormSchema, reply: checkoutRefusal });
  if (!guarded.ok) return guarded.response;
  const parsed = { data: guarded.value };
  try {
    const viewer = await getViewer(request, context);
    // (Maintenance mode is enforced before any action runs: server/maintenance-gate.ts.)
    const settings = await getStoreSettings(context.database.db);
    const paystack = paystackConfigOf(context.config);
    if (isOnlinePayment(parsed.data.paymentMethod) && !onlinePaymentAvailable(context.config, settings.currency))
      return data<CheckoutActionResult>({ ok: false, message: ONLINE_PAYMENT_UNAVAILABLE }, { status: 409 });
    const { secret } = await context.auth.$context;
    const order = await placeOrder(context.database.db, parsed.data, {
      userId: viewer?.id ?? null,
      origin: siteOrigin(context),
      storeName: settings.storeName,
      accountEmail: viewer?.email ?? null,
      // The storefront's limits (docs/product-rules.md §10): this shopper by email and address.
      limits: shopperKeys(secret, parsed.data.email, context.clientIp),
    });
    context.email.nudge();
    const placed = {
      ok: true as const,
      orderId: order.id,
      orderNumber: order.orderNumber,
      ...(viewer && guarded.form.get("saveAddress") === "on"
        ? { addressSaved: await saveAddressAfterOrder(context, viewer.id, parsed.data) }
        : {}),
    };
    if (!paystack || !isOnlinePayment(parsed.data.paymentMethod)) return data<CheckoutActionResult>(placed);
    // The order (and its stock) is safe before Paystack is asked; a failure here loses nothing.
    const payment = await startOnlinePayment(context.database.db, paystack, { orderId: order.id, origin: siteOrigin(context) });
    return data<CheckoutActionResult>(payment.ok ? { ...placed, paymentUrl: payment.url } : { ...placed, paymentProblem: payment.message });
  } catch (error) {
    if (error instanceof OrderLimitError) {
      // Nothing is taken from the cart: the form keeps it and shows the message (no currentLines).
      if (error.retryAfterSeconds === null) return data<CheckoutActionResult>({ ok: false, message: error.message }, { status: 409 });
      return data<CheckoutActionResult>(
        { ok: false, message: error.message },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    if (error instanceof OrderRefusedError && error.reason === "discount") {
      // The code stopped applying since it was shown (ended, used up): nothing is taken, the
      // cart stays, and the form shows why beside the code (decision 044).
      return data<CheckoutActionResult>({ ok: false, message: `${error.message}.`, discountRefused: error.message }, { status: 409 });
    }
    if (error instanceof OrderRefusedError && error.reason === "shipping") {
      // The shopper's zones were out of date: send them as the database has them now, not as cached.
      invalidateShippingZonesCache(context.database.db);
      const zones = await listShippingZones(context.database.db);
      return data<CheckoutActionResult>({ ok: false, message: error.message, zones }, { status: 409 });
    }
    if (error instanceof OrderRefusedError) {
      // A price, an item or its stock changed: send the current catalog for the cart's lines, so the
      // shopper's cart is brought up to date and one more click places the order (not a dead end).
      const currentLines = error.reason === "empty" ? undefined : await currentCartLines(context.database.db, parsed.data.items);
      return data<CheckoutActionResult>({ ok: false, message: error.message, currentLines }, { status: 409 });
    }
    // The database away: the server answers "back in a moment" (a 503 the shopper may retry with
    // the same key, which never places the order twice).
    if (context.noticeDatabaseError(error)) throw error;
    context.log.error({ err: error }, "placing an order failed");
    return data<CheckoutActionResult>({ ok: false, message: GENERIC_FAILURE }, { status: 500 });
  }
}

/**
 * "Save this address to my account" (issue 47, decision 046): after the order's transaction has
 * committed, in a transaction of its own, so the order never depends on it; a failure is logged
 * and told, never thrown. A retried Place Order finds the address already saved.
 */
async function saveAddressAfterOrder(
  context: Pick<ActionFunctionArgs["context"], "database" | "log">,
  userId: string,
  destination: { name: string; phone: string; address: string; country: string; region: string | null },
): Promise<CheckoutAddressSaved | "failed"> {
  try {
    return await saveCheckoutAddress(context.database.db, userId, destination);
  } catch (error) {
    context.log.error({ err: error }, "saving the checkout's address to the address book failed");
    return "failed";
  }
}
