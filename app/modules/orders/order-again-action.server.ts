import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { guardAction } from "~/modules/auth/action-guard.server";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { orderAgain, type OrderAgain } from "./order-again.server";

/** What "Order again" is answered (POST /api/account/orders/:orderId/order-again). */
export type OrderAgainAnswer = ({ ok: true } & OrderAgain) | { ok: false; message: string };

export const ORDER_NOT_FOUND = "We could not find that order in your account.";

/** Per customer: a person orders again a few times; a script reading the catalog through it does not get far. */
const ORDER_AGAIN_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

const privately = { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };

/** Guarded like every account write (method, session, origin); another customer's order is 404. */
export async function orderAgainAction({ request, context, orderId }: { request: Request; context: AppLoadContext; orderId: string }) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "user",
      schema: z.object({}),
      reply: (refused): OrderAgainAnswer => ({ ok: false, message: refused.firstMessage ?? "Something went wrong. Please try again." }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const { db } = context.database;
  const limit = await consumeRateLimit(db, `order-again:user:${guarded.viewer.id}`, ORDER_AGAIN_LIMIT);
  if (!limit.allowed)
    return data<OrderAgainAnswer>(
      { ok: false, message: "Please wait a few minutes before ordering again." },
      { status: 429, headers: { ...privately, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  const again = await orderAgain(db, guarded.viewer.id, orderId);
  if (!again) return data<OrderAgainAnswer>({ ok: false, message: ORDER_NOT_FOUND }, { status: 404, headers: privately });
  return data<OrderAgainAnswer>({ ok: true, ...again }, { headers: privately });
}
