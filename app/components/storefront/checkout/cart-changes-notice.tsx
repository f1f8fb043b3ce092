import { RefreshCw } from "lucide";
import { Icon } from "~/components/ui/icon";

/**
 * What changed in the cart when checkout refused it (prices, items no longer sold, stock), after
 * the cart was brought up to date. Announced once (role="alert") and kept in view until the
 * shopper places the order again.
 */
export function CartChangesNotice({ changes, cartEmpty = false }: { changes: string[]; cartEmpty?: boolean }) {
  return (
    <div
      role="alert"
      aria-labelledby="cart-changes-heading"
      className="rounded-sm border border-gold/60 bg-gold/10 px-5 py-4 text-left text-sm"
    >
      <p id="cart-changes-heading" className="flex items-center gap-2 font-semibold text-charcoal">
        <Icon of={RefreshCw} className="size-4 text-forest" />
        We updated your cart
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-charcoal">
        {changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      <p className="mt-2 text-stone">
        {cartEmpty
          ? "Nothing in your cart can be ordered now."
          : "Your details are kept. Please check the new total, then place your order."}
      </p>
    </div>
  );
}
