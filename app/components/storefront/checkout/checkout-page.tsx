import { ShoppingBag } from "lucide";
import { useCallback, useState } from "react";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import type { ShippingZone } from "~/modules/shipping/shipping-zones";
import { useCart } from "../cart/use-cart";
import { CartChangesNotice } from "./cart-changes-notice";
import { CheckoutForm } from "./checkout-form";
import type { SavedAddress } from "~/modules/customers/address-book";

/**
 * The checkout page's content: one island (decision 021). The cart lives in the browser, so
 * the server draws a placeholder and the form appears once the page is hydrated.
 */
export function CheckoutPage({
  email,
  onlinePayment,
  depositPercent,
  zones,
  savedAddresses = null,
}: {
  email: string | null;
  onlinePayment: boolean;
  /** The shop's deposit on made-to-measure pieces (Settings → Payments); 0 asks none. */
  depositPercent: number;
  zones: ShippingZone[];
  /** The signed-in customer's address book, null for a guest. */
  savedAddresses?: SavedAddress[] | null;
}) {
  const cart = useCart();
  const hydrated = useHydrated();
  const [cartChanges, setCartChanges] = useState<string[] | null>(null);
  // Placed: the order's page is on its way (the cart is emptied meanwhile).
  const [placed, setPlaced] = useState(false);
  const onOrderPlaced = useCallback(() => setPlaced(true), []);

  if (placed) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-xl items-center justify-center px-6 py-24" aria-busy="true">
        <p className="text-lg text-stone" role="status">
          Loading order details...
        </p>
      </main>
    );
  }

  if (!hydrated) {
    // As tall as the empty cart's page at least (min-h-[60vh]), so neither answer moves the footer.
    return (
      <main className="mx-auto min-h-[60vh] max-w-6xl px-4 py-16 md:px-8" aria-busy="true">
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
        defaultEmail={email ?? undefined}
        onlinePayment={onlinePayment}
        depositPercent={depositPercent}
        zones={zones}
        cartChanges={cartChanges}
        onCartChanges={setCartChanges}
        onOrderPlaced={onOrderPlaced}
        savedAddresses={savedAddresses}
      />
    </main>
  );
}
