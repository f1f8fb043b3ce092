import { WishlistPage } from "~/components/storefront/wishlist/wishlist-page";
import { defineIsland } from "./island";

export const WishlistPageIsland = /* @__PURE__ */ defineIsland("wishlist", WishlistPage);

/** What the wishlist page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [WishlistPageIsland];
