import { storeNameOf } from "~/lib/store-meta";
import { WishlistPageIsland } from "~/islands/wishlist";
import { publicPageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/wishlist";
import type { IslandsHandle } from "~/islands/pages";

// Public: only the page shell; the wishlist itself is read in the browser, from the device or the
// signed-in shopper's account (app/lib/cache-control.ts).
export const headers = publicPageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): no router code in the browser.
export const handle = { islands: "wishlist" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Wishlist | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** Saved products (components/storefront/wishlist/wishlist-page.tsx): read in the browser. */
export default function Wishlist() {
  return <WishlistPageIsland />;
}
