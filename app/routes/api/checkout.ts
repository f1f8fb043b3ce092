import { checkoutAction } from "~/modules/orders/checkout-action.server";

/** POST /api/checkout: Place Order, answered in JSON (CheckoutActionResult) for the checkout page's form. */
export const action = checkoutAction;
