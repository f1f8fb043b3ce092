import type { RateLimitRule } from "~/modules/rate-limit/rate-limit.server";

/**
 * Tries of a discount code per client address (docs/product-rules.md §14): a shopper applies a
 * code or two, and the cart asks again when a new piece goes in; 30 in 15 minutes is far more
 * than that, and makes guessing codes hopeless (a 6-character code has 2 billion values).
 */
export const CODE_PREVIEW_LIMIT: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };
