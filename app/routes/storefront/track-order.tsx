import { storeNameOf } from "~/lib/store-meta";
import { privatePageHeaders } from "~/lib/cache-control";
import { trackOrderAction, trackOrderLoader } from "~/modules/orders/track-order-action.server";
import { TrackOrderIsland } from "~/islands/track-order";
import type { Route } from "./+types/track-order";
import type { IslandsHandle } from "~/islands/pages";

// Private: someone's order; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): no router code in the browser.
export const handle = { islands: "track-order" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Track Your Order | ${storeNameOf(matches)}` },
  {
    name: "description",
    content: `Follow your ${storeNameOf(matches)} order from our Accra workshop to your door with your order number and email.`,
  },
];

/** Signed-in customers see their five newest orders (app/modules/orders/track-order-action.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return trackOrderLoader(request, context);
}

/** The lookup, or opening one of the signed-in customer's orders; from script, /api/track-order answers the same in JSON. */
export const action = trackOrderAction;
export type { TrackResult } from "~/modules/orders/track-order-action.server";

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  return <TrackOrderIsland signedIn={loaderData.signedIn} recentOrders={loaderData.recentOrders} />;
}
