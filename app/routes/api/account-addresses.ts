import { data } from "react-router";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { getViewer } from "~/modules/auth/session.server";
import { addressBookAction } from "~/modules/customers/address-book-action.server";
import { listAddresses } from "~/modules/customers/address-book.server";
import type { Route } from "./+types/account-addresses";

/** GET: the signed-in customer's addresses (401 for a guest); never stored by any cache. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const headers = { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };
  if (!viewer) return data({ ok: false as const, message: "Sign in to see your address book." }, { status: 401, headers });
  return data({ ok: true as const, addresses: await listAddresses(context.database.db, viewer.id) }, { headers });
}

/** POST: add, edit, remove, make default (app/modules/customers/address-book-action.server.ts), answered in JSON. */
export const action = addressBookAction;
