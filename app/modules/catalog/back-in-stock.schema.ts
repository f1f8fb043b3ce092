import { z } from "zod";

/** "Tell me when it is back": the product, the sold-out colour × size and where to write. */
export const backInStockSchema = z.object({
  productId: z.coerce.number({ error: "Choose a product." }).int().positive().max(2_147_483_647),
  color: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v ?? ""),
  size: z.string({ error: "Choose a size." }).trim().min(1, "Choose a size.").max(20),
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email({ error: "Please enter a valid email address." })),
});
