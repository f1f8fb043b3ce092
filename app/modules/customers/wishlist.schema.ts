import { z } from "zod";
import { parseSerialId, serialId } from "~/lib/input";

/** The device's list, merged into the account at sign-in: "12,7,3" (newest first), real ids only. */
const productIdList = z
  .string({ error: "No products to save" })
  .max(2_400, "Too many products")
  .transform((s) => s.split(",").filter(Boolean).map(parseSerialId))
  .pipe(
    z
      .array(z.number({ error: "Unknown product" }))
      .min(1, "No products to save")
      .max(200, "Too many products"),
  );

/** The account wishlist's forms (routes/api/wishlist.ts), by intent. */
export const wishlistForms = {
  /** Save one product (the heart) or merge the device's list (at sign-in). */
  save: z.object({ productIds: productIdList }),
  remove: z.object({ productId: serialId("Unknown product") }),
};

/** What /api/wishlist answers: the account's list after the change, or why not. */
export type WishlistAnswer = { ok: true; productIds: number[] } | { ok: false; error: string };
