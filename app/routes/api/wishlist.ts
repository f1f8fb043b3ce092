import { data } from "react-router";
import { guardAction } from "~/modules/auth/action-guard.server";
import { getViewer } from "~/modules/auth/session.server";
import { wishlistForms, type WishlistAnswer } from "~/modules/customers/wishlist.schema";
import { listWishlist, removeFromWishlist, saveToWishlist } from "~/modules/customers/wishlist.server";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import type { Route } from "./+types/wishlist";

const privately = { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };

/**
 * The signed-in shopper's wishlist (app/modules/customers/wishlist.server.ts). Read by the
 * browser after the page loads: storefront pages are shared cached HTML, so nobody's list is
 * ever in them. Guests keep theirs in the browser and never call this.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  if (!viewer)
    return data<WishlistAnswer>({ ok: false, error: "Sign in to keep a wishlist on your account." }, { status: 401, headers: privately });
  return data<WishlistAnswer>({ ok: true, productIds: await listWishlist(context.database.db, viewer.id) }, { headers: privately });
}

/** Save (one product, or the device's list merged at sign-in) or remove; the answer is the list after. */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "user",
      intents: wishlistForms,
      reply: (refused): WishlistAnswer => ({ ok: false, error: refused.firstMessage ?? "The wishlist could not be changed." }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const { db } = context.database;
  const userId = guarded.viewer.id;
  const productIds =
    guarded.intent === "save"
      ? await saveToWishlist(db, userId, guarded.value.productIds)
      : await removeFromWishlist(db, userId, guarded.value.productId);
  return data<WishlistAnswer>({ ok: true, productIds }, { headers: privately });
}
