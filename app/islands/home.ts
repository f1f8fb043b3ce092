import { HeroCarousel } from "~/components/storefront/home/hero-carousel";
import { deferredComponent, defineIsland } from "./island";

export const HeroIsland = /* @__PURE__ */ defineIsland("hero", HeroCarousel);
// "Our Collection" starts two screens down on a phone: its code follows the first download, and
// it is hydrated as it comes near the screen. At load it was the page's longest hydration (eight
// cards: 18 ms unthrottled, against the header's 8 and the hero's 4). A page opened at its
// results (the grid's own pagination) is hydrated at once: its heading takes the focus.
export const CollectionGridIsland = /* @__PURE__ */ defineIsland(
  "collection-grid",
  deferredComponent(() => import("~/components/storefront/home/collection-grid").then((m) => m.CollectionGrid)),
  { hydrate: (page) => (page.showResults ? "load" : "visible") },
);

/** What the home page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [HeroIsland, CollectionGridIsland];
