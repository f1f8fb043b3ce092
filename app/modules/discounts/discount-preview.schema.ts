import { z } from "zod";
import { plainText, serialId } from "~/lib/input";

/**
 * The cart's "Apply" (POST /api/discount-code): the code, the cart's lines (product, how many,
 * whether cut to measure: the price is the catalog's) and, at checkout, the email typed so far.
 */
const previewLine = z.object({
  productId: serialId("Unknown product"),
  quantity: z.coerce.number().int().min(1).max(999),
  madeToMeasure: z.boolean().optional().default(false),
});

export const discountPreviewSchema = z.object({
  code: plainText("Code", 40).pipe(z.string().min(1, "Enter a code")),
  items: z.preprocess((value) => {
    try {
      return JSON.parse(typeof value === "string" ? value : "[]") as unknown;
    } catch {
      return [];
    }
  }, z.array(previewLine).min(1, "Your cart is empty").max(100)),
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => (v && z.email().safeParse(v).success ? v : null)),
});
export type DiscountPreviewInput = z.output<typeof discountPreviewSchema>;
