import { cn } from "~/lib/cn";
import { whatsappLink } from "~/modules/settings/contact-links";
import { isOnlinePayment, paymentMethods, type PaymentMethod } from "~/modules/orders/order-constants";
import { useStoreProfile } from "../use-store-settings";

const card = "space-y-5 rounded-sm border border-border bg-white/70 p-6";

/** Why a method cannot be chosen for this order, in plain words; null when it can. */
export interface PaymentAvailability {
  payOnDelivery: string | null;
  online: string | null;
}

/** The method to use: the one chosen while it is available, else the first that is. */
export function effectiveMethod(chosen: PaymentMethod, availability: PaymentAvailability): PaymentMethod | null {
  const allowed = (method: PaymentMethod) => (isOnlinePayment(method) ? availability.online : availability.payOnDelivery) === null;
  if (allowed(chosen)) return chosen;
  return paymentMethods.find((m) => allowed(m.value))?.value ?? null;
}

/**
 * Pay on Delivery, card and mobile money. A method the destination's zone or the shop's set-up
 * does not offer is disabled with its reason beside it.
 */
export function PaymentMethodFieldset({
  value,
  onChange,
  availability,
}: {
  value: PaymentMethod | null;
  onChange(method: PaymentMethod): void;
  availability: PaymentAvailability;
}) {
  const reasons = [availability.payOnDelivery, availability.online].filter((r): r is string => r !== null);
  return (
    <fieldset className={card}>
      <legend className="float-left mb-5 w-full font-display text-2xl font-semibold">Payment Method</legend>
      <div className="clear-both grid gap-3">
        {paymentMethods.map((method) => {
          const reason = isOnlinePayment(method.value) ? availability.online : availability.payOnDelivery;
          const reasonId = isOnlinePayment(method.value) ? "online-payment-unavailable" : "pay-on-delivery-unavailable";
          return (
            <label
              key={method.value}
              className={cn(
                "flex items-center gap-3 rounded-sm border border-border bg-white px-4 py-3.5 has-[:checked]:border-forest has-[:checked]:bg-forest/5",
                reason ? "cursor-not-allowed opacity-60" : "cursor-pointer",
              )}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={method.value}
                checked={value === method.value}
                onChange={() => onChange(method.value)}
                disabled={reason !== null}
                aria-describedby={reason ? reasonId : undefined}
                className="size-4 accent-forest"
              />
              <span className="font-medium">{method.label}</span>
              <span className="ml-auto text-xs text-stone">{method.hint}</span>
            </label>
          );
        })}
        {availability.payOnDelivery && (
          <p id="pay-on-delivery-unavailable" className="text-sm text-stone">
            {availability.payOnDelivery}
          </p>
        )}
        {availability.online && (
          <p id="online-payment-unavailable" className="text-sm text-stone">
            {availability.online}
          </p>
        )}
        {reasons.length === 2 && <NoWayToPay />}
      </div>
    </fieldset>
  );
}

/** Neither way to pay works for this destination: say so and how to reach the shop instead. */
function NoWayToPay() {
  const { contact } = useStoreProfile();
  const whatsapp = whatsappLink(contact.whatsapp, "Hello, I would like to order for delivery abroad.");
  return (
    <div role="status" className="rounded-sm border border-gold/60 bg-sand/60 px-4 py-3 text-sm" data-testid="no-way-to-pay">
      <p className="font-semibold">We cannot take this order online yet.</p>
      <p className="mt-1">
        Please contact us to arrange it
        {whatsapp && (
          <>
            {" "}
            on{" "}
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="font-semibold text-forest underline underline-offset-4">
              WhatsApp ({contact.whatsapp})<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        )}
        {whatsapp && contact.email ? " or" : null}
        {contact.email && (
          <>
            {" "}
            by email at{" "}
            <a href={`mailto:${contact.email}`} className="font-semibold text-forest underline underline-offset-4">
              {contact.email}
            </a>
          </>
        )}
        .
      </p>
    </div>
  );
}
