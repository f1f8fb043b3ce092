import { CollectionGrid } from "~/components/storefront/home/collection-grid";
import { HeroCarousel } from "~/components/storefront/home/hero-carousel";
import { defineIsland } from "./island";

export const HeroIsland = /* @__PURE__ */ defineIsland("hero", HeroCarousel);
export const CollectionGridIsland = /* @__PURE__ */ defineIsland("collection-grid", CollectionGrid);

/** What the home page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [HeroIsland, CollectionGridIsland];
