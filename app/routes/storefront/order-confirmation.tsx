import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { customerOrderState } from "~/modules/payments/customer-order-state";
import { storeNameOf } from "~/lib/store-meta";
import { privatePageHeaders } from "~/lib/cache-control";
import { orderPageLoader, payNowAction } from "~/modules/orders/order-page.server";
import { OrderConfirmationIsland } from "~/islands/order-confirmation";
import { ServerSlotsProvider } from "~/islands/server-slot";
import { OrderProduction } from "~/components/storefront/order-production";
import type { Route } from "./+types/order-confirmation";
import type { IslandsHandle } from "~/islands/pages";

// Private: someone's order; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): the order is the island.
export const handle = { islands: "order-confirmation" } satisfies IslandsHandle;

/** The order, its payment verified with Paystack first when the shopper comes back from it (app/modules/orders/order-page.server.ts). */
export function loader({ params, context, url }: Route.LoaderArgs) {
  return orderPageLoader({ params, context, url });
}

/** Pay now; from script, /api/orders/:orderId/page answers the same in JSON. */
export function action({ request, params, context }: Route.ActionArgs) {
  return payNowAction({ request, params, context });
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  {
    title: d?.order
      ? `Order ${d.order.orderNumber}: ${customerOrderState(d.order, d.payment).heading.replace(/!$/, "").toLowerCase()} | ${storeNameOf(matches)}`
      : `Order Not Found | ${storeNameOf(matches)}`,
  },
  { name: "robots", content: "noindex" },
];

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, payment, production } = loaderData;
  if (!order) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
        <h1 className="text-5xl font-semibold">Order Not Found</h1>
        <p className="mt-4 text-stone">We could not find this order. Check the link in your confirmation email.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">Back to Home</Link>
        </Button>
      </main>
    );
  }
  // The garment's progress is server-rendered only: it reaches the island through a slot, not its props.
  return (
    <ServerSlotsProvider slots={{ production: production && <OrderProduction production={production} /> }}>
      <OrderConfirmationIsland order={order} payment={payment} />
    </ServerSlotsProvider>
  );
}
