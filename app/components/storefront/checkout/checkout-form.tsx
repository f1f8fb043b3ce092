import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { notify } from "~/components/ui/toaster";
import type { CheckoutActionResult } from "~/routes/storefront/checkout";
import { isOnlinePayment, paymentMethods } from "~/modules/orders/order-constants";
import { shippingFor } from "~/modules/pricing/order-totals";
import { cn } from "~/lib/cn";
import { refreshCart } from "~/modules/cart/cart-refresh";
import { cartStore, useCart } from "../cart/cart-provider";
import { useShippingRates } from "~/components/storefront/use-store-settings";
import { countries } from "./countries";
import { OrderSummary } from "./order-summary";
import { CartChangesNotice } from "./cart-changes-notice";

type CheckoutField = "email" | "name" | "phone" | "address" | "country" | "notes";

const card = "space-y-5 rounded-sm border border-border bg-white/70 p-6";
const labelClass = "mb-1.5 block text-sm font-medium";

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-destructive">
      {message}
    </p>
  );
}

/**
 * The checkout: customer details, payment method, notes and the summary. The cart's lines go
 * with the form; the server re-reads every price and stock level. One idempotency key per
 * visit makes a double click or a retried request place one order.
 */
export function CheckoutForm({
  defaultEmail,
  onlinePayment,
  cartChanges,
  onCartChanges,
}: {
  defaultEmail?: string;
  onlinePayment: boolean;
  /** What the last refusal changed in the cart (kept by the page, so it survives an emptied cart). */
  cartChanges: string[] | null;
  onCartChanges(changes: string[] | null): void;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  const fetcher = useFetcher<CheckoutActionResult>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const errors: Partial<Record<CheckoutField, string>> = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const shipping = shippingFor(cart.total, useShippingRates());
  const { clear, replace } = cart;
  // Each answer is acted on once (a re-render must not correct the cart twice or toast again).
  const handled = useRef<CheckoutActionResult | undefined>(undefined);

  useEffect(() => {
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      clear({ silent: true });
      if (result.paymentUrl) {
        // Paystack's own checkout page; it sends the shopper back to the order's page.
        notify.success("Order placed: taking you to payment", { description: `Order ${result.orderNumber} is held while you pay.` });
        window.location.assign(result.paymentUrl);
        return;
      }
      notify.success("Order placed successfully!", {
        description: `Order ${result.orderNumber} has been created. Check your email for confirmation.`,
      });
      void navigate(`/order-confirmation/${result.orderId}`);
    } else if (result.currentLines) {
      // The cart was refused as it stood: bring it up to date and say what changed; the same
      // idempotency key stays, so the next click places exactly one order.
      const refreshed = refreshCart(cartStore.get(), result.currentLines);
      if (refreshed.changes.length > 0) {
        replace(refreshed.lines);
        onCartChanges(refreshed.changes);
        notify("Your cart was updated", { description: "Please check the changes, then place your order." });
      } else if (result.message) {
        notify.error("Error placing order", { description: result.message });
      }
    } else if (result.message) {
      notify.error("Error placing order", { description: result.message });
    }
  }, [result, fetcher.state, clear, replace, navigate, onCartChanges]);
  const refusal = result && !result.ok && !busy && !(result.currentLines && cartChanges) ? result.message : undefined;

  const items = JSON.stringify(
    cart.lines.map((l) => ({ productId: l.productId, colorIndex: l.colorIndex, size: l.size, quantity: l.quantity, seenPrice: l.price })),
  );
  const field = (name: CheckoutField) => ({
    name,
    id: `checkout-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `checkout-${name}-error` : undefined,
  });

  return (
    <fetcher.Form
      method="post"
      className="mt-10 grid gap-8 lg:grid-cols-[1.3fr_1fr]"
      noValidate={false}
      onSubmit={() => onCartChanges(null)}
    >
      <input type="hidden" name="items" value={items} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="space-y-8">
        <section className={card} aria-labelledby="customer-heading">
          <h2 id="customer-heading" className="text-2xl font-semibold">
            Customer Information
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <label htmlFor="checkout-email" className={labelClass}>
                Email
              </label>
              <Input {...field("email")} type="email" autoComplete="email" required defaultValue={defaultEmail} />
              <FieldError id="checkout-email-error" message={errors.email} />
            </div>
            <div>
              <label htmlFor="checkout-name" className={labelClass}>
                Full Name
              </label>
              <Input {...field("name")} autoComplete="name" required />
              <FieldError id="checkout-name-error" message={errors.name} />
            </div>
            <div>
              <label htmlFor="checkout-phone" className={labelClass}>
                Phone
              </label>
              <Input {...field("phone")} type="tel" autoComplete="tel" required />
              <FieldError id="checkout-phone-error" message={errors.phone} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="checkout-address" className={labelClass}>
                Delivery Address
              </label>
              <textarea
                {...field("address")}
                autoComplete="street-address"
                required
                rows={3}
                className="w-full rounded-sm border border-border bg-white px-3 py-2.5 text-sm focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-gold/60"
              />
              <FieldError id="checkout-address-error" message={errors.address} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="checkout-country" className={labelClass}>
                Country
              </label>
              <select
                {...field("country")}
                autoComplete="country"
                defaultValue="GH"
                className="h-11 w-full rounded-sm border border-border bg-white px-3 text-sm"
              >
                {countries.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              <FieldError id="checkout-country-error" message={errors.country} />
            </div>
          </div>
        </section>

        <fieldset className={card}>
          <legend className="float-left mb-5 w-full font-display text-2xl font-semibold">Payment Method</legend>
          <div className="clear-both grid gap-3">
            {paymentMethods.map((method, index) => {
              const unavailable = !onlinePayment && isOnlinePayment(method.value);
              return (
                <label
                  key={method.value}
                  className={cn(
                    "flex items-center gap-3 rounded-sm border border-border bg-white px-4 py-3.5 has-[:checked]:border-forest has-[:checked]:bg-forest/5",
                    unavailable ? "cursor-not-allowed opacity-60" : "cursor-pointer",
                  )}
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method.value}
                    defaultChecked={index === 0}
                    disabled={unavailable}
                    aria-describedby={unavailable ? "online-payment-unavailable" : undefined}
                    className="size-4 accent-forest"
                  />
                  <span className="font-medium">{method.label}</span>
                  <span className="ml-auto text-xs text-stone">{method.hint}</span>
                </label>
              );
            })}
            {!onlinePayment && (
              <p id="online-payment-unavailable" className="text-sm text-stone">
                Online payment by card or mobile money is not available yet: please choose Pay on Delivery.
              </p>
            )}
          </div>
        </fieldset>

        <section className={card} aria-labelledby="notes-heading">
          <h2 id="notes-heading" className="text-2xl font-semibold">
            Additional Notes
          </h2>
          <label htmlFor="checkout-notes" className="sr-only">
            Notes for our tailors (optional)
          </label>
          <textarea
            {...field("notes")}
            rows={3}
            placeholder="Fitting requests, delivery instructions… (optional)"
            className="w-full rounded-sm border border-border bg-white px-3 py-2.5 text-sm focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-gold/60"
          />
          <FieldError id="checkout-notes-error" message={errors.notes} />
        </section>
      </div>

      <div className="space-y-4 lg:sticky lg:top-28 lg:self-start">
        {cartChanges && <CartChangesNotice changes={cartChanges} />}
        <OrderSummary lines={cart.lines} subtotal={cart.total} shipping={shipping} />
        {refusal && (
          <p role="alert" className="rounded-sm border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive">
            {refusal}
          </p>
        )}
        <Button type="submit" size="lg" className={cn("w-full")} disabled={busy}>
          <Lock aria-hidden />
          {busy ? "Placing Order..." : "Place Order"}
        </Button>
        <p className="text-center text-xs text-stone">Prices and stock are confirmed when you place the order.</p>
      </div>
    </fetcher.Form>
  );
}
