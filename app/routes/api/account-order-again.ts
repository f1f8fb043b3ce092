import { orderAgainAction } from "~/modules/orders/order-again-action.server";
import type { Route } from "./+types/account-order-again";

/** POST /api/account/orders/:orderId/order-again: the order's lines at today's prices and stock, for the cart (OrderAgainAnswer). */
export function action({ request, context, params }: Route.ActionArgs) {
  return orderAgainAction({ request, context, orderId: params.orderId });
}
