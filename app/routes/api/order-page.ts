import type { AppLoadContext } from "react-router";
import { answerInJson } from "~/lib/answer-in-json.server";
import { orderPageLoader, payNowAction } from "~/modules/orders/order-page.server";
import type { Route } from "./+types/order-page";

/**
 * GET /api/orders/:orderId/page: the order's page's data in JSON (the page's island asks again
 * while a payment is awaited); POST: Pay now, `{ redirect }` to Paystack's page once started.
 */
export function loader({ params, context, url }: Route.LoaderArgs) {
  return orderPageLoader({ params, context, url });
}

export const action = answerInJson(
  ({ request, params, context }: { request: Request; params: { orderId: string }; context: AppLoadContext }) =>
    payNowAction({ request, params, context }),
);
