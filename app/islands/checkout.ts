import { CheckoutPage } from "~/components/storefront/checkout/checkout-page";
import { defineIsland } from "./island";

export const CheckoutPageIsland = /* @__PURE__ */ defineIsland("checkout", CheckoutPage);

/** What the checkout page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [CheckoutPageIsland];
