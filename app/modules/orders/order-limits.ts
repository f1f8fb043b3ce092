/**
 * Order limits (docs/product-rules.md §10, docs/security.md "Order limits"): what one shopper
 * may order, and hold unpaid, before the shop refuses. Generous for people, tight for scripts.
 * Isomorphic: the numbers are shown and checked in the browser too, and enforced by the server
 * (order-limits.server.ts).
 */
export const ORDER_LIMITS = {
  /** Pieces of one cart line (one product, colour and size) in one order. */
  perLine: 10,
  /** Pieces in one order. */
  perOrder: 20,
  /**
   * Orders placed through checkout per hour, per email address. A person places one or two;
   * five leaves room for a second thought and a gift. Stops filling a stranger's inbox.
   */
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
  /**
   * Orders per hour per client address: much looser than per email, since Ghana's mobile
   * networks put many shoppers behind one carrier-grade NAT address.
   */
  perAddress: { limit: 30, windowMs: 60 * 60_000 },
  /**
   * Online orders (card, mobile money) awaiting payment within their hold, at once: the stock
   * they hold. Paid or cancelled orders, and ones whose hold ran out, free the place.
   */
  unpaidPerEmail: { orders: 2, pieces: 20 },
  unpaidPerAddress: { orders: 6, pieces: 30 },
} as const;
