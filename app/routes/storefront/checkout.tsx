import { getViewer } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { storeNameOf } from "~/lib/store-meta";
import { onlinePaymentAvailable } from "~/modules/payments/online-checkout.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { checkoutAction } from "~/modules/orders/checkout-action.server";
import { savedAddressesForCheckout } from "~/modules/customers/address-book.server";
import { CheckoutPageIsland } from "~/islands/checkout";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/checkout";
import type { IslandsHandle } from "~/islands/pages";

// Private: the shopper's own checkout; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): no router code in the browser.
export const handle = { islands: "checkout" } satisfies IslandsHandle;

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
  return {
    email: viewer?.email ?? null,
    onlinePayment: onlinePaymentAvailable(context.config, settings.currency),
    depositPercent: settings.depositPercent,
    zones,
    // The address book (issue 47): the default first; null for a guest.
    savedAddresses: viewer ? await savedAddressesForCheckout(context, viewer.id) : null,
  };
}

// The checkout form posts to /api/checkout; the action stays here too, where the tests call it.
export const action = checkoutAction;

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPageIsland
      email={loaderData.email}
      onlinePayment={loaderData.onlinePayment}
      depositPercent={loaderData.depositPercent}
      zones={loaderData.zones}
      savedAddresses={loaderData.savedAddresses}
    />
  );
}
