import { OrderConfirmationPage } from "~/components/storefront/order-confirmation/order-confirmation-page";
import { defineIsland } from "./island";

export const OrderConfirmationIsland = /* @__PURE__ */ defineIsland("order-confirmation", OrderConfirmationPage);

/** What the order's page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [OrderConfirmationIsland];
