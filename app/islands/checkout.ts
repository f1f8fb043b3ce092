import { CheckoutPage } from "~/components/storefront/checkout/checkout-page";
import { defineIsland } from "./island";

export const CheckoutPageIsland = /* @__PURE__ */ defineIsland("checkout", CheckoutPage);
