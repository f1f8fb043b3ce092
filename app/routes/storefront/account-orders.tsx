import { storeNameOf } from "~/lib/store-meta";
import { privatePageHeaders } from "~/lib/cache-control";
import { requireUser } from "~/modules/auth/session.server";
import { listOrderHistory } from "~/modules/orders/order-history.server";
import { AccountShell } from "~/components/storefront/account/account-shell";
import { OrderHistory } from "~/components/storefront/account/order-history";
import type { Route } from "./+types/account-orders";
import type { IslandsHandle } from "~/islands/pages";

// Private: the customer's own orders; never stored by any cache (app/lib/cache-control.ts, decision 003).
export const headers = privatePageHeaders;

// Hydrated as islands (app/islands/pages.ts, decision 021): only each order's "Order again".
export const handle = { islands: "account-orders" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `My Orders | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** The signed-in customer's orders, ten a page, newest first; a guest is sent to sign in and back. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const page = Number(url.searchParams.get("page") ?? "1");
  const history = await listOrderHistory(context.database.db, viewer.id, Number.isSafeInteger(page) && page >= 1 ? page : 1);
  return { email: viewer.email, history };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  return (
    <AccountShell email={loaderData.email} current="/account/orders" title="My Orders">
      <OrderHistory history={loaderData.history} />
    </AccountShell>
  );
}
