import { data } from "react-router";
import { guardAction } from "~/modules/auth/action-guard.server";
import { getViewer } from "~/modules/auth/session.server";
import type { DiscountPreviewResult } from "~/modules/discounts/applied-code";
import { discountPreviewSchema } from "~/modules/discounts/discount-preview.schema";
import { previewDiscountCode } from "~/modules/discounts/discount-preview.server";
import { CODE_PREVIEW_LIMIT } from "~/modules/discounts/discount-rules.server";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/discount-code";

export type { DiscountPreviewResult };

/**
 * POST /api/discount-code: the cart's and checkout's "Apply" (docs/product-rules.md §14). Every
 * try counts against the client address in the database's limiter (shared by all instances), so
 * guessing codes is slow; the answer never says a code exists for someone else.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: discountPreviewSchema,
      reply: (refused): DiscountPreviewResult => ({ ok: false, message: refused.firstMessage ?? "Enter a code" }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  try {
    const limit = await consumeRateLimit(db, `discount-code:ip:${context.clientIp}`, CODE_PREVIEW_LIMIT);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return data<DiscountPreviewResult>(
        {
          ok: false,
          message: `Too many codes tried from your connection. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const [viewer, settings] = await Promise.all([getViewer(request, context), getStoreSettings(db)]);
    const result = await previewDiscountCode(
      db,
      guarded.value,
      { userId: viewer?.id ?? null, accountEmail: viewer?.email ?? null },
      settings.currency,
    );
    return data<DiscountPreviewResult>(result);
  } catch (error) {
    if (context.noticeDatabaseError(error)) throw error;
    context.log.error({ err: error }, "discount code preview failed");
    return data<DiscountPreviewResult>({ ok: false, message: "We could not check the code just now. Please try again." }, { status: 500 });
  }
}
