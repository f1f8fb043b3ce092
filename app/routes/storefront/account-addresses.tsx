import { storeNameOf } from "~/lib/store-meta";
import { privatePageHeaders } from "~/lib/cache-control";
import { requireUser } from "~/modules/auth/session.server";
import { listAddresses } from "~/modules/customers/address-book.server";
import { addressBookAction } from "~/modules/customers/address-book-action.server";
import { AccountShell } from "~/components/storefront/account/account-shell";
import { AddressBookIsland } from "~/islands/account-addresses";
import type { Route } from "./+types/account-addresses";
import type { IslandsHandle } from "~/islands/pages";

// Private: the customer's own addresses; never stored by any cache (app/lib/cache-control.ts, decision 003).
export const headers = privatePageHeaders;

// Hydrated as islands (app/islands/pages.ts, decision 021): the address book is the island.
export const handle = { islands: "account-addresses" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `My Addresses | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** The signed-in customer's address book; a guest is sent to sign in and back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  return { email: viewer.email, addresses: await listAddresses(context.database.db, viewer.id) };
}

/** Remove and Make default posted before the page's script runs; from script, /api/account/addresses answers in JSON. */
export const action = addressBookAction;

export default function AccountAddresses({ loaderData }: Route.ComponentProps) {
  return (
    <AccountShell email={loaderData.email} current="/account/addresses" title="My Addresses">
      <AddressBookIsland addresses={loaderData.addresses} />
    </AccountShell>
  );
}
