import { data } from "react-router";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { getViewer } from "~/modules/auth/session.server";
import { customerContact } from "~/modules/customers/customer-contact.server";
import type { Route } from "./+types/my-contact";

/**
 * The signed-in customer's name, email and phone (null for a guest), for the custom request
 * form. That page is cached and shared by everyone, so it asks this after load; the answer is
 * the asker's own and never stored by any cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const contact = viewer ? await customerContact(context.database.db, viewer) : null;
  return data({ contact }, { headers: { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL } });
}
