import { ShoppingBag } from "lucide";
import { useState } from "react";
import { data, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { CartChangesNotice } from "~/components/storefront/checkout/cart-changes-notice";
import { CheckoutForm } from "~/components/storefront/checkout/checkout-form";
import { useCart } from "~/components/storefront/cart/use-cart";
import { Button } from "~/components/ui/button";
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
import { storeNameOf } from "~/lib/store-meta";
import { siteOrigin } from "~/lib/http.server";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import {
  ONLINE_PAYMENT_UNAVAILABLE,
  onlinePaymentAvailable,
  paystackConfigOf,
  startOnlinePayment,
} from "~/modules/payments/online-checkout.server";
import { useHydrated } from "~/lib/use-hydrated";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/checkout";

// Private: the shopper's own checkout; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Checkout | ${storeNameOf(matches)}` },
  {
    name: "description",
    content: `Review your ${storeNameOf(matches)} cart and place your order: delivery details, payment method and total.`,
  },
  // A checkout is personal: search engines should not list it (robots.txt disallows it too).
  { name: "robots", content: "noindex" },
];

/**
 * Signed-in shoppers get their email filled in; their orders are linked to the account. The
 * shipping zones come with the page, so the summary prices a destination the moment it is
 * chosen (the server prices the order again from the zones in its own transaction).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, settings, zones] = await Promise.all([
    getViewer(request, context),
    getStoreSettings(context.database.db),
    listShippingZones(context.database.db),
  ]);
  return { email: viewer?.email ?? null, onlinePayment: onlinePaymentAvailable(context.config, settings.currency), zones };
}

export type CheckoutActionResult =
  | {
      ok: true;
      orderId: string;
      orderNumber: string;
      /** Paid online: Paystack's checkout, where the browser goes next. */
      paymentUrl?: string;
      /** Paid online but Paystack could not be started: the order page says why and offers Pay now. */
      paymentProblem?: string;
    }
  | {
      ok: false;
      message?: string;
      fieldErrors?: Partial<Record<"email" | "name" | "phone" | "address" | "country" | "region" | "notes", string>>;
      /** The catalog now, line by line, when the cart itself was refused: the browser corrects its cart with it (refreshCart). */
      currentLines?: CurrentCartLine[];
      /** The zones now, when shipping was refused (fee changed, Pay on Delivery not offered): the summary shows the current fee. */
      zones?: ShippingZone[];
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

export async function action({ request, context }: Route.ActionArgs) {
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
    const order = await placeOrder(context.database.db, parsed.data, {
      userId: viewer?.id ?? null,
      origin: siteOrigin(context),
      storeName: settings.storeName,
    });
    context.email.nudge();
    const placed = { ok: true as const, orderId: order.id, orderNumber: order.orderNumber };
    if (!paystack || !isOnlinePayment(parsed.data.paymentMethod)) return data<CheckoutActionResult>(placed);
    // The order (and its stock) is safe before Paystack is asked; a failure here loses nothing.
    const payment = await startOnlinePayment(context.database.db, paystack, { orderId: order.id, origin: siteOrigin(context) });
    return data<CheckoutActionResult>(payment.ok ? { ...placed, paymentUrl: payment.url } : { ...placed, paymentProblem: payment.message });
  } catch (error) {
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
    context.log.error({ err: error }, "placing an order failed");
    return data<CheckoutActionResult>({ ok: false, message: GENERIC_FAILURE }, { status: 500 });
  }
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [cartChanges, setCartChanges] = useState<string[] | null>(null);

  // After a successful order the cart is already empty while the confirmation loads.
  if (navigation.location?.pathname.startsWith("/order-confirmation/")) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-xl items-center justify-center px-6 py-24" aria-busy="true">
        <p className="text-lg text-stone" role="status">
          Loading order details...
        </p>
      </main>
    );
  }

  if (!hydrated) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-16 md:px-8" aria-busy="true">
        <h1 className="text-5xl font-semibold">Checkout</h1>
        <div className="mt-10 h-64 animate-pulse rounded-sm bg-sand" />
      </main>
    );
  }

  if (cart.lines.length === 0) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-sand">
          <Icon of={ShoppingBag} className="size-8 text-forest" />
        </span>
        {cartChanges && (
          <div className="mb-8 w-full">
            <CartChangesNotice changes={cartChanges} cartEmpty />
          </div>
        )}
        <h1 className="mt-6 text-4xl font-semibold">Your cart is empty</h1>
        <p className="mt-3 text-stone">Find something made for your next occasion.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-12 md:px-8 md:py-16">
      <h1 className="text-5xl font-semibold">Checkout</h1>
      <CheckoutForm
        defaultEmail={loaderData.email ?? undefined}
        onlinePayment={loaderData.onlinePayment}
        zones={loaderData.zones}
        cartChanges={cartChanges}
        onCartChanges={setCartChanges}
      />
    </main>
  );
}
