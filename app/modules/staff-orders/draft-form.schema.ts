import { z } from "zod";
import { parseMoney } from "~/lib/money";
import { measurementsSchema } from "~/modules/measurements/measurements.schema";
import { HOME_COUNTRY, isCountryCode, isGhanaRegion } from "~/modules/shipping/areas";
import { depositKinds, type DepositKind } from "~/modules/payments/order-balance";
import { DRAFT_LIMITS } from "./draft-lines";
import { recordedPaymentMethods, salesChannels } from "./sales-channels";

/**
 * The draft editor's form (Admin → Orders → New order, issue 46). Every button posts the whole
 * form, so what staff typed is saved whatever they pressed; `intent` says what else to do. A draft
 * may be saved incomplete (an empty email, no address yet): only what is typed must make sense.
 * Placing checks the rest (draft-order-rules.ts). Money is typed in cedi ("1,250.50").
 */
export const draftIntents = [
  "save",
  "find-product",
  "choose-product",
  "find-customer",
  "use-customer",
  "add-product",
  "add-custom",
  "remove-line",
  "place-link",
  "place-recorded",
  "place-on-delivery",
  "discard",
] as const;
export type DraftIntent = (typeof draftIntents)[number];

/** An empty field of a control left unchosen ("Choose") means nothing was given. */
const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? "");
const optionalText = (label: string, max: number) => text(label, max).transform((v) => v || null);

const cedi = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return 0;
      const pesewas = parseMoney(value);
      if (pesewas === null || pesewas > DRAFT_LIMITS.customPrice) {
        ctx.addIssue({ code: "custom", message: `Enter ${label} in cedi, e.g. 150 or 1,250.50` });
        return z.NEVER;
      }
      return pesewas;
    });

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, `${label} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be from ${min} to ${max}`).max(max, `${label} must be from ${min} to ${max}`));

const channel = z.enum(salesChannels.map((c) => c.value) as [string, ...string[]], { error: "Choose how the order came in" });

/** "New order" on the drafts page: the channel the order came in by. */
export const newDraftSchema = z.object({ channel });

export const draftFormSchema = z
  .object({
    intent: z.enum(draftIntents, { error: "Unknown form. Reload the page and try again." }),
    channel,
    customerName: text("Name", 120),
    customerEmail: text("Email", 254).refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid email address"),
    customerPhone: text("Phone", 40).refine((v) => v === "" || /^[+()\d\s.-]{6,40}$/.test(v), "Enter a valid phone number"),
    delivery: z.enum(["ship", "collect"]).default("ship"),
    customerAddress: text("Address", 500),
    customerCountry: z
      .string()
      .trim()
      .toUpperCase()
      .default(HOME_COUNTRY)
      .refine((v) => isCountryCode(v), "Choose a country from the list"),
    customerRegion: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isGhanaRegion(v), "Choose a region from the list"),
    discount: cedi("the discount"),
    discountReason: optionalText("The reason", 200),
    depositKind: z.enum(depositKinds as [DepositKind, ...DepositKind[]], { error: "Choose the deposit" }).default("auto"),
    depositPercent: z.preprocess(blankAsMissing, wholeNumber("The deposit", 1, 99).optional()),
    depositAmount: cedi("the deposit"),
    notes: optionalText("Notes", 2_000),
    /** Each line's quantity as shown (saved with the rest). */
    quantities: z
      .array(wholeNumber("Quantity", 1, DRAFT_LIMITS.quantity))
      .max(DRAFT_LIMITS.lines)
      .default([]),
    productSearch: text("Search", 100),
    customerSearch: text("Search", 100),
    // Adding a catalogue piece.
    pickProduct: z.preprocess(
      blankAsMissing,
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/)
        .transform(Number)
        .optional(),
    ),
    pickColor: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? Number(v) : null))
      .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 50), "Choose a colour"),
    pickSize: text("Size", 20),
    pickQuantity: z.string().trim().optional(),
    measurements: z.unknown().optional(),
    // Adding a custom piece.
    customDescription: text("Description", 200),
    customPrice: cedi("the price"),
    customQuantity: z.string().trim().optional(),
    customDays: z.string().trim().optional(),
    // Placing with a payment staff took.
    paymentId: z.preprocess(blankAsMissing, z.uuid().optional()),
    paymentMethod: z.preprocess(
      blankAsMissing,
      z.enum(recordedPaymentMethods.map((m) => m.value) as [string, ...string[]], { error: "Choose how the customer paid" }).optional(),
    ),
    paymentReference: text("Reference", 120),
    seenTotal: z.preprocess(
      blankAsMissing,
      z
        .string()
        .trim()
        .regex(/^\d{1,12}$/)
        .transform(Number)
        .optional(),
    ),
    /** With a recorded payment: whether the customer paid the deposit only, or everything. */
    paidPart: z.enum(["deposit", "full"]).default("full"),
    emailLink: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
  })
  .superRefine((form, ctx) => {
    if (form.intent === "add-product") {
      if (form.pickProduct === undefined) ctx.addIssue({ code: "custom", path: ["pickProduct"], message: "Choose a piece first" });
      if (!form.pickSize) ctx.addIssue({ code: "custom", path: ["pickSize"], message: "Choose a size, or made to measure" });
      const quantity = wholeNumber("Quantity", 1, DRAFT_LIMITS.quantity).safeParse(form.pickQuantity ?? "");
      if (!quantity.success) ctx.addIssue({ code: "custom", path: ["pickQuantity"], message: quantity.error.issues[0]!.message });
      if (form.pickSize === MADE_TO_MEASURE) {
        const measured = measurementsSchema.safeParse(form.measurements);
        for (const issue of measured.error?.issues ?? [])
          ctx.addIssue({ code: "custom", path: ["measurements", ...issue.path.map(String)], message: issue.message });
      }
    }
    if (form.intent === "add-custom") {
      if (!form.customDescription) ctx.addIssue({ code: "custom", path: ["customDescription"], message: "Describe the piece" });
      if (form.customPrice <= 0) ctx.addIssue({ code: "custom", path: ["customPrice"], message: "Enter the piece's price in cedi" });
      const quantity = wholeNumber("Quantity", 1, DRAFT_LIMITS.quantity).safeParse(form.customQuantity ?? "");
      if (!quantity.success) ctx.addIssue({ code: "custom", path: ["customQuantity"], message: quantity.error.issues[0]!.message });
      const days = wholeNumber("Production time", 1, DRAFT_LIMITS.productionDays).safeParse(form.customDays ?? "");
      if (!days.success) ctx.addIssue({ code: "custom", path: ["customDays"], message: days.error.issues[0]!.message });
    }
    if (form.depositKind === "percent" && form.depositPercent === undefined)
      ctx.addIssue({ code: "custom", path: ["depositPercent"], message: "Enter the deposit's percentage, from 1 to 99" });
    if (form.depositKind === "amount" && form.depositAmount <= 0)
      ctx.addIssue({ code: "custom", path: ["depositAmount"], message: "Enter the deposit in cedi, e.g. 500" });
    if (form.intent === "place-recorded") {
      if (!form.paymentMethod) ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: "Choose how the customer paid" });
      if (!form.paymentId || form.seenTotal === undefined)
        ctx.addIssue({ code: "custom", path: [], message: "This form is out of date. Reload the page and try again." });
    }
  });
export type DraftForm = z.output<typeof draftFormSchema>;

/** The size select's value for a piece made to the customer's measurements. */
export const MADE_TO_MEASURE = "made-to-measure";
