import { OrderAgainButton } from "~/components/storefront/account/order-again-button";
import { defineIsland } from "./island";

/** "Order again" on each order of /account/orders; the list itself is the server's HTML. */
export const OrderAgainIsland = /* @__PURE__ */ defineIsland("order-again", OrderAgainButton);

/** What the order history hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [OrderAgainIsland];
