import { data } from "react-router";
import { guardAction } from "~/modules/auth/action-guard.server";
import type { BackInStockResult } from "~/modules/catalog/back-in-stock";
import { backInStockSchema } from "~/modules/catalog/back-in-stock.schema";
import { BACK_IN_STOCK_RULES, requestBackInStock } from "~/modules/catalog/back-in-stock.server";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/back-in-stock";

export type { BackInStockResult };

/**
 * The product page's "Tell me when it is back" (docs/product-rules.md §13 "Bringing shoppers back"): a few sign-ups per
 * client address an hour; the address is kept for the sold-out colour × size, once, and emailed
 * once when it has stock again (app/modules/catalog/back-in-stock.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: backInStockSchema,
      reply: (refused): BackInStockResult => ({ ok: false, error: refused.firstMessage ?? "Please enter a valid email address." }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  try {
    const limit = await consumeRateLimit(db, `back-in-stock:ip:${context.clientIp}`, BACK_IN_STOCK_RULES.perAddress);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return data<BackInStockResult>(
        {
          ok: false,
          error: `Too many sign-ups from your connection. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const signup = await requestBackInStock(db, guarded.value);
    if (signup.outcome === "unknown")
      return data<BackInStockResult>({ ok: false, error: "This size is not offered any more. Please reload the page." }, { status: 404 });
    if (signup.outcome === "in-stock")
      return data<BackInStockResult>(
        { ok: false, error: `${signup.label} is in stock again: reload the page to add it to your cart.` },
        { status: 409 },
      );
    context.log.info({ productId: guarded.value.productId }, "back in stock: address kept");
    return data<BackInStockResult>({ ok: true, message: `Thank you. We will email you once when ${signup.label} is back.` });
  } catch (error) {
    context.log.error({ err: error }, "back in stock sign-up failed");
    return data<BackInStockResult>({ ok: false, error: "We could not save your address just now. Please try again." }, { status: 500 });
  }
}
