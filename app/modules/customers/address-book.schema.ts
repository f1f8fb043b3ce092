import { z } from "zod";
import { hasControlCharacter, plainText } from "~/lib/input";
import { checkoutDestinationFields, checkoutDestinationRules } from "~/modules/orders/checkout.schema";
import { countryUsesPostcode, deliveryAddressText } from "./address-book";

/*
 * The address book's form, one schema in the browser (the dialog validates with it before
 * sending) and on the server (guardAction). Built from the checkout's own fields and rules
 * (checkout.schema.ts): the same name, phone, country and Ghana region checks, and the text the
 * checkout will send (lines, town, postcode) must pass checkout's address rule, so a saved
 * address is always a destination checkout takes.
 */

const optionalText = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .pipe(plainText(label, max))
    .transform((v) => v || null);

const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;

const addressFields = checkoutDestinationFields.pick({ name: true, phone: true, country: true, region: true }).extend({
  label: optionalText("Label", 60),
  addressLines: z
    .string({ error: "Address is required" })
    .refine((v) => !hasControlCharacter(v), "Address cannot contain control characters")
    .transform((v) => v.trim())
    .pipe(z.string().min(1, "Address is required").max(400, "Address must be at most 400 characters")),
  city: optionalText("Town or city", 100),
  postcode: optionalText("Postcode", 12).refine((v) => v === null || POSTCODE.test(v), "Please enter a valid postcode"),
  /** "on" when the customer ticks "Use as my default address". */
  makeDefault: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

type Fields = z.output<typeof addressFields>;

/** The text checkout will send must pass checkout's own address rule. */
function checkoutTakesIt(value: Fields, ctx: z.RefinementCtx): void {
  const text = deliveryAddressText({ ...value, postcode: countryUsesPostcode(value.country) ? value.postcode : null });
  const checked = checkoutDestinationFields.shape.address.safeParse(text);
  if (!checked.success)
    ctx.addIssue({ code: "custom", path: ["addressLines"], message: checked.error.issues[0]?.message ?? "Address is too long" });
}

/** Ghana has no postcodes; elsewhere the region is dropped (checkout's rule). */
function tidy(value: Fields): Fields {
  const dropped = checkoutDestinationRules.dropForeignRegion(value);
  return countryUsesPostcode(dropped.country) ? dropped : { ...dropped, postcode: null };
}

export const addressSchema = addressFields.superRefine(checkoutDestinationRules.regionRule).superRefine(checkoutTakesIt).transform(tidy);
export type AddressInput = z.output<typeof addressSchema>;

/** An address's id as posted: anything else is simply not found (404), never a hint. */
const addressId = z.string({ error: "Unknown address" }).trim().max(64, "Unknown address");

/** The address book's forms (routes/api/account-addresses.ts), by intent. */
export const addressBookForms = {
  add: addressSchema,
  edit: addressFields
    .extend({ id: addressId })
    .superRefine(checkoutDestinationRules.regionRule)
    .superRefine(checkoutTakesIt)
    .transform((value) => ({ ...tidy(value), id: value.id })),
  remove: z.object({ id: addressId }),
  default: z.object({ id: addressId }),
};

export type AddressField = "label" | "name" | "phone" | "country" | "region" | "addressLines" | "city" | "postcode";
