import { z } from "zod";
import { plainText, serialId } from "~/lib/input";

import { paymentMethods, type PaymentMethod } from "./order-constants";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * One cart line. The id must be a database id (beyond 32 bits PostgreSQL refused the query); the
 * size and colour are checked against the product when the order is placed (placeOrder).
 */
export const orderLineSchema = z.object({
  productId: serialId("Unknown product"),
  colorIndex: z.coerce.number().int().min(0).max(50).nullable().default(null),
  size: plainText("Size", 10)
    .nullable()
    .default(null)
    .transform((size) => size || null),
  quantity: z.coerce.number().int().min(1, "Quantity must be at least 1").max(999),
  /** The unit price the shopper saw, in pesewas: used only to tell them if it changed. */
  seenPrice: z.coerce.number().int().min(0).optional(),
});
export type OrderLineInput = z.output<typeof orderLineSchema>;

/** The checkout form, as the server validates it (docs/product-rules.md §3 and §5). */
export const checkoutSchema = z.object({
  email: required("Email", 254).pipe(z.email({ error: "Please enter a valid email address" })),
  name: required("Full name", 120),
  phone: required("Phone", 40).regex(/^[+()\d\s.-]{6,40}$/, "Please enter a valid phone number"),
  address: required("Delivery address", 500),
  country: z.string().trim().length(2, "Please choose a country").toUpperCase().default("GH"),
  paymentMethod: z.enum(paymentMethods.map((m) => m.value) as [PaymentMethod, ...PaymentMethod[]]).default("pay_on_delivery"),
  notes: z
    .string()
    .trim()
    .max(1_000, "Notes must be at most 1000 characters")
    .optional()
    .transform((v) => v || null),
  items: z.array(orderLineSchema).min(1, "Cart is empty").max(100),
  idempotencyKey: z.string().trim().min(16).max(100),
});
export type CheckoutInput = z.output<typeof checkoutSchema>;

/** The checkout form as posted: the cart's lines arrive as JSON in one hidden `items` field. */
export const checkoutFormSchema = checkoutSchema.extend({
  items: z.preprocess((value) => {
    try {
      return JSON.parse(typeof value === "string" ? value : "[]") as unknown;
    } catch {
      return [];
    }
  }, checkoutSchema.shape.items),
});
