import { TrackOrderPage } from "~/components/storefront/track-order/track-order-page";
import { defineIsland } from "./island";

export const TrackOrderIsland = /* @__PURE__ */ defineIsland("track-order", TrackOrderPage);

/** What the order tracking page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [TrackOrderIsland];
