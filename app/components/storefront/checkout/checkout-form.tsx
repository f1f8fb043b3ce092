import { Lock } from "lucide";
import { useEffect, useRef, useState } from "react";
import { navigateTo } from "~/lib/navigation";
import { useFormPost } from "~/lib/use-form-post";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { notify, notifySuccessOnNextPage } from "~/components/ui/toaster";
import type { CheckoutActionResult } from "~/modules/orders/checkout-action.server";
import { isOnlinePayment, type PaymentMethod } from "~/modules/orders/order-constants";
import { depositForLines } from "~/modules/payments/order-balance";
import { cn } from "~/lib/cn";
import { refreshCart } from "~/modules/cart/cart-refresh";
import { HOME_COUNTRY } from "~/modules/shipping/areas";
import { deliveryQuote } from "~/modules/shipping/delivery-quote";
import { destinationName } from "~/modules/shipping/areas";
import type { ShippingZone } from "~/modules/shipping/shipping-zones";
import { cartStore, useCart } from "../cart/use-cart";
import { rememberShopperCountry, useShopperCountry } from "../shopper-country";
import { IMPORT_DUTIES_NOTE } from "../shopper-delivery";
import { OrderSummary, PhoneOrderSummary } from "./order-summary";
import { DiscountCodeField } from "../discount/discount-code-field";
import { removeCode, useCodeSaving } from "../discount/discount-code-store";
import { CartChangesNotice } from "./cart-changes-notice";
import { DepositFieldset } from "./deposit-fieldset";
import { DestinationFields } from "./destination-fields";
import { effectiveMethod, PaymentMethodFieldset, type PaymentAvailability } from "./payment-method-fieldset";
import { deliveryAddressText, type SavedAddress } from "~/modules/customers/address-book";
import { NEW_ADDRESS, SaveAddressChoice, SavedAddressPicker } from "./saved-address-picker";

type CheckoutField = "email" | "name" | "phone" | "address" | "country" | "region" | "notes";

export const ONLINE_PAYMENT_NOT_YET = "Online payment by card or mobile money is not available yet.";

/** Place Order's answer when the shop could not be reached: nothing was placed that the shopper can see. */
const UNREACHABLE: CheckoutActionResult = {
  ok: false,
  message: "We could not reach the shop. Check your connection and place your order again: it will not be placed twice.",
};

/** What the confirmation's toast adds about "Save this address to my account". */
const ADDRESS_SAVED = {
  saved: " The address was saved to your account.",
  "already-saved": " The address was already in your account.",
  full: " Your address book is full, so the address was not saved.",
  failed: " The address could not be saved to your account: you can add it under My Addresses.",
} as const;

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
 * The checkout: customer details and destination, payment method, notes and the summary. The
 * cart's lines and the shipping shown go with the form; the server re-reads every price, stock
 * level and the destination's zone, and refuses if the fee shown is not the one it would charge.
 * One idempotency key per visit makes a double click or a retried request place one order.
 */
export function CheckoutForm({
  defaultEmail,
  onlinePayment,
  depositPercent,
  zones: loadedZones,
  cartChanges,
  onCartChanges,
  onOrderPlaced,
  savedAddresses = null,
}: {
  defaultEmail?: string;
  /** A signed-in customer's address book (the default first), null for a guest (issue 47). */
  savedAddresses?: SavedAddress[] | null;
  /** The order is placed and the page is about to change (the cart is emptied next). */
  onOrderPlaced(): void;
  onlinePayment: boolean;
  depositPercent: number;
  /** The shipping zones from the checkout loader (a shipping refusal brings fresher ones). */
  zones: ShippingZone[];
  /** What the last refusal changed in the cart (kept by the page, so it survives an emptied cart). */
  cartChanges: string[] | null;
  onCartChanges(changes: string[] | null): void;
}) {
  const cart = useCart();
  const { busy, answer: result, submit } = useFormPost<CheckoutActionResult>("/api/checkout", UNREACHABLE);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const errors: Partial<Record<CheckoutField, string>> = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const { clear, replace } = cart;
  // A shipping refusal brings the zones as they are now; the newest the server sent is kept
  // (adjusting state while rendering, so the summary never shows the stale fee for a frame).
  const [refreshedZones, setRefreshedZones] = useState<ShippingZone[] | null>(null);
  const sentZones = result && !result.ok ? result.zones : undefined;
  if (sentZones && sentZones !== refreshedZones) setRefreshedZones(sentZones);
  const zones = sentZones ?? refreshedZones ?? loadedZones;
  // Until the shopper picks one here, the destination is the one the product page and the cart
  // priced shipping for (shopper-country.ts: chosen before, else the browser's languages, e.g.
  // en-GB → United Kingdom); else Ghana. Known only in the browser, so read after hydration.
  const shown = useShopperCountry();
  // A saved address, the default first, fills the delivery fields until the shopper picks another.
  const [chosenAddress, setChosenAddress] = useState<SavedAddress | null>(() => savedAddresses?.[0] ?? null);
  const [fill, setFill] = useState(0);
  const [picked, setDestination] = useState<{ country: string; region: string } | null>(() =>
    chosenAddress ? { country: chosenAddress.country, region: chosenAddress.region ?? "" } : null,
  );
  const destination = picked ?? (shown ? { country: shown.country, region: shown.region ?? "" } : { country: HOME_COUNTRY, region: "" });
  const needsRegion = destination.country === HOME_COUNTRY && !destination.region;
  // The discount code kept with the cart (decision 044): the server checks and prices it again.
  const saving = useCodeSaving(cart.lines);
  const payable = cart.total - saving.discount;
  const quote = needsRegion ? null : deliveryQuote(zones, { country: destination.country, region: destination.region || null }, payable);
  const shippingFee = quote ? (saving.freeShipping ? 0 : quote.shipping) : null;
  const discountLabel = saving.applied ? `Discount (${saving.applied.code})` : undefined;
  const where = destinationName(destination.country, destination.region || null);
  const availability: PaymentAvailability = {
    payOnDelivery: quote && !quote.zone.payOnDelivery ? `Pay on Delivery is not available for orders to ${where}.` : null,
    online: onlinePayment
      ? null
      : quote && !quote.zone.payOnDelivery
        ? ONLINE_PAYMENT_NOT_YET
        : `${ONLINE_PAYMENT_NOT_YET.slice(0, -1)}: please choose Pay on Delivery.`,
  };
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>("pay_on_delivery");
  const paymentMethod = effectiveMethod(chosenMethod, availability);
  // Made-to-measure pieces paid online: the deposit now or everything (the server works it out again).
  const deposit =
    paymentMethod && isOnlinePayment(paymentMethod) && quote
      ? depositForLines(
          cart.lines.map((l, i) => ({
            kind: l.madeToMeasure ? "made_to_measure" : "standard",
            lineTotal: l.price * l.quantity - (saving.onCart?.kind === "applies" ? (saving.onCart.perLine[i] ?? 0) : 0),
          })),
          payable + (shippingFee ?? 0),
          depositPercent,
        )
      : null;
  const [payPart, setPayPart] = useState<"deposit" | "full">("deposit");
  // Each answer is acted on once (a re-render must not correct the cart twice or toast again).
  const handled = useRef<CheckoutActionResult | undefined>(undefined);

  useEffect(() => {
    if (!result || busy || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      onOrderPlaced();
      clear({ silent: true });
      removeCode();
      if (result.paymentUrl) {
        // Paystack's own checkout page; it sends the shopper back to the order's page.
        notify.success("Order placed: taking you to payment", { description: `Order ${result.orderNumber} is held while you pay.` });
        window.location.assign(result.paymentUrl);
        return;
      }
      notifySuccessOnNextPage("Order placed successfully!", {
        description: `Order ${result.orderNumber} has been created. Check your email for confirmation.${result.addressSaved ? ADDRESS_SAVED[result.addressSaved] : ""}`,
      });
      navigateTo(`/order-confirmation/${result.orderId}`);
    } else if (result.discountRefused) {
      // The code stopped applying (ended, used up): it is taken off, the cart stays, and the
      // field says why; the next Place Order goes without it.
      removeCode(result.discountRefused);
      notify.error("Your discount code no longer applies", { description: result.discountRefused });
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
  }, [result, busy, clear, replace, onCartChanges, onOrderPlaced]);
  const refusal = result && !result.ok && !busy && !(result.currentLines && cartChanges) ? result.message : undefined;

  const chooseDestination = (next: { country: string; region: string }) => {
    setDestination(next);
    rememberShopperCountry(next.country, next.region || null);
  };
  const chooseSavedAddress = (address: SavedAddress | null) => {
    setChosenAddress(address);
    setFill((n) => n + 1);
    if (address) chooseDestination({ country: address.country, region: address.region ?? "" });
  };

  const items = JSON.stringify(
    cart.lines.map((l) => ({
      productId: l.productId,
      colorIndex: l.colorIndex,
      size: l.size,
      quantity: l.quantity,
      seenPrice: l.price,
      measurements: l.madeToMeasure?.measurements ?? null,
    })),
  );
  const field = (name: CheckoutField) => ({
    name,
    id: `checkout-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `checkout-${name}-error` : undefined,
  });

  return (
    <form
      method="post"
      action="/api/checkout"
      className="mt-10 grid gap-8 lg:grid-cols-[1.3fr_1fr]"
      onSubmit={(event) => {
        event.preventDefault();
        onCartChanges(null);
        void submit(event.currentTarget);
      }}
    >
      <input type="hidden" name="items" value={items} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {shippingFee !== null && <input type="hidden" name="seenShipping" value={shippingFee} />}
      {saving.applied && saving.onCart?.kind === "applies" && <input type="hidden" name="discountCode" value={saving.applied.code} />}
      <PhoneOrderSummary
        lines={cart.lines}
        subtotal={cart.total}
        discount={saving.discount}
        discountLabel={discountLabel}
        shipping={shippingFee}
      />
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
            {savedAddresses && savedAddresses.length > 0 && (
              <SavedAddressPicker addresses={savedAddresses} chosen={chosenAddress?.id ?? NEW_ADDRESS} onChoose={chooseSavedAddress} />
            )}
            <div>
              <label htmlFor="checkout-name" className={labelClass}>
                Full Name
              </label>
              <Input {...field("name")} key={`name-${fill}`} defaultValue={chosenAddress?.name} autoComplete="name" required />
              <FieldError id="checkout-name-error" message={errors.name} />
            </div>
            <div>
              <label htmlFor="checkout-phone" className={labelClass}>
                Phone
              </label>
              <Input {...field("phone")} key={`phone-${fill}`} defaultValue={chosenAddress?.phone} type="tel" autoComplete="tel" required />
              <FieldError id="checkout-phone-error" message={errors.phone} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="checkout-address" className={labelClass}>
                Delivery Address
              </label>
              <textarea
                {...field("address")}
                key={`address-${fill}`}
                defaultValue={chosenAddress ? deliveryAddressText(chosenAddress) : undefined}
                autoComplete="street-address"
                required
                rows={3}
                className="w-full rounded-sm border border-border bg-white px-3 py-2.5 text-sm focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-gold/60"
              />
              <FieldError id="checkout-address-error" message={errors.address} />
            </div>
            <DestinationFields
              country={destination.country}
              region={destination.region}
              onChange={chooseDestination}
              errors={{ country: errors.country, region: errors.region }}
            />
            {savedAddresses && !chosenAddress && <SaveAddressChoice />}
          </div>
        </section>

        <PaymentMethodFieldset value={paymentMethod} onChange={setChosenMethod} availability={availability} />
        {deposit !== null && quote && (
          <DepositFieldset
            value={payPart}
            onChange={setPayPart}
            deposit={deposit}
            total={payable + (shippingFee ?? 0)}
            percent={depositPercent}
          />
        )}

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
        <OrderSummary
          lines={cart.lines}
          subtotal={cart.total}
          discount={saving.discount}
          discountLabel={discountLabel}
          shipping={shippingFee}
          code={
            <DiscountCodeField
              lines={cart.lines}
              saving={saving}
              email={() => (document.getElementById("checkout-email") as HTMLInputElement | null)?.value || undefined}
            />
          }
          delivery={
            <div className="space-y-1 text-sm text-stone" data-testid="summary-delivery">
              {quote ? (
                <p>
                  <span className="font-semibold text-charcoal">Delivery in {quote.estimate}</span> to {where} ({quote.zone.name})
                </p>
              ) : (
                <p>Choose your region to see the shipping fee and delivery time.</p>
              )}
              {destination.country !== HOME_COUNTRY && <p>{IMPORT_DUTIES_NOTE}</p>}
            </div>
          }
        />
        {refusal && (
          <p role="alert" className="rounded-sm border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive">
            {refusal}
          </p>
        )}
        <Button type="submit" size="lg" className={cn("w-full")} disabled={busy || paymentMethod === null}>
          <Icon of={Lock} />
          {busy ? "Placing Order..." : "Place Order"}
        </Button>
        {paymentMethod === null ? (
          <p className="text-center text-sm text-stone">
            No way to pay is available for orders to {where}: see Payment Method for how to reach us.
          </p>
        ) : (
          <p className="text-center text-xs text-stone">Prices, shipping and stock are confirmed when you place the order.</p>
        )}
      </div>
    </form>
  );
}
