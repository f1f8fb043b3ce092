import { z } from "zod";
import { plainText, serialId } from "~/lib/input";
import { measurementsSchema } from "~/modules/measurements/measurements.schema";
import { HOME_COUNTRY, isCountryCode, isGhanaRegion } from "~/modules/shipping/areas";

import { paymentMethods, type PaymentMethod } from "./order-constants";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * One cart line. The id must be a database id (beyond 32 bits PostgreSQL refused the query); the
 * size and colour are checked against the product when the order is placed (placeOrder). A
 * made-to-measure line carries its measurements instead of a size, checked against the same
 * bounds as the product page's form (an impossible value refuses the order with its message).
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
  measurements: measurementsSchema.nullish(),
});
export type OrderLineInput = z.output<typeof orderLineSchema>;

export const CHOOSE_COUNTRY = "Please choose a country from the list";
export const CHOOSE_REGION = "Please choose your region in Ghana";

/**
 * The checkout form, as the server validates it (docs/product-rules.md §3 and §5). The
 * destination is a country we know and, in Ghana, one of its sixteen regions: together they
 * pick the shipping zone (docs/shipping.md). A region is kept only for Ghana.
 */
const checkoutFields = z.object({
  email: required("Email", 254).pipe(z.email({ error: "Please enter a valid email address" })),
  name: required("Full name", 120),
  phone: required("Phone", 40).regex(/^[+()\d\s.-]{6,40}$/, "Please enter a valid phone number"),
  address: required("Delivery address", 500),
  country: z.string({ error: CHOOSE_COUNTRY }).trim().toUpperCase().refine(isCountryCode, CHOOSE_COUNTRY).default(HOME_COUNTRY),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .max(10)
    .optional()
    .transform((v) => v || null),
  /** The shipping the shopper was shown, in pesewas: used only to tell them if it changed. */
  seenShipping: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1_000_000_000).optional()),
  paymentMethod: z.enum(paymentMethods.map((m) => m.value) as [PaymentMethod, ...PaymentMethod[]]).default("pay_on_delivery"),
  /**
   * Paying online for made-to-measure pieces: the shop's deposit now and the balance when they
   * are ready, or everything at once. The server works the deposit out (order-balance.ts).
   */
  payPart: z.enum(["deposit", "full"]).optional(),
  notes: z
    .string()
    .trim()
    .max(1_000, "Notes must be at most 1000 characters")
    .optional()
    .transform((v) => v || null),
  items: z.array(orderLineSchema).min(1, "Cart is empty").max(100),
  /** The discount code the shopper applied (issue 47); the server checks it and works out what it takes off. */
  discountCode: z
    .string()
    .trim()
    .max(40)
    .transform((v) => v || undefined)
    .optional(),
  idempotencyKey: z.string().trim().min(16).max(100),
});

type Destination = { country: string; region: string | null };

/** A Ghanaian address needs its region (it prices the delivery). */
function regionRule(value: Destination, ctx: z.RefinementCtx): void {
  if (value.country === HOME_COUNTRY && !(value.region && isGhanaRegion(value.region)))
    ctx.addIssue({ code: "custom", path: ["region"], message: CHOOSE_REGION });
}

/** Elsewhere a region is dropped: only Ghana's regions mean anything to the zones. */
function dropForeignRegion<T extends Destination>(value: T): T {
  return value.country === HOME_COUNTRY ? value : { ...value, region: null };
}

export const checkoutSchema = checkoutFields.superRefine(regionRule).transform(dropForeignRegion);
export type CheckoutInput = z.output<typeof checkoutSchema>;

/** The checkout form as posted: the cart's lines arrive as JSON in one hidden `items` field. */
export const checkoutFormSchema = checkoutFields
  .extend({
    items: z.preprocess((value) => {
      try {
        return JSON.parse(typeof value === "string" ? value : "[]") as unknown;
      } catch {
        return [];
      }
    }, checkoutFields.shape.items),
  })
  .superRefine(regionRule)
  .transform(dropForeignRegion);

/**
 * The checkout's delivery fields and rules as they are, for the account's address book
 * (customers/address-book.schema.ts), so a saved address is always a destination checkout takes.
 */
export const checkoutDestinationFields = checkoutFields.pick({ name: true, phone: true, address: true, country: true, region: true });
export const checkoutDestinationRules = { regionRule, dropForeignRegion };
