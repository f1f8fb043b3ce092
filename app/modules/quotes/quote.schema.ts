import { z } from "zod";
import { parseMoney } from "~/lib/money";
import { QUOTE_LIMITS, type QuoteLine } from "./quote-lines";

/**
 * Staff's "Write a quote" form (issue 46, part 4), checked in the admin's action: the request it
 * answers, its pieces (prices typed in cedi, "1,250.50"), the deposit, the last day it holds and
 * a message. Totals and the deposit in pesewas are worked out on the server from these.
 */
const cedi = (label: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const pesewas = value ? parseMoney(value) : null;
      if (pesewas === null || pesewas <= 0 || pesewas > QUOTE_LIMITS.unitPrice) {
        ctx.addIssue({ code: "custom", message: `Enter ${label} in cedi, e.g. 150 or 1,250.50` });
        return z.NEVER;
      }
      return pesewas;
    });

const whole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, `${label}: a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${label}: from ${min} to ${max}`).max(max, `${label}: from ${min} to ${max}`));

const quoteLineSchema = z.object({
  description: z.string().trim().min(1, "Describe the piece").max(300, "At most 300 characters"),
  price: cedi("the price"),
  quantity: whole("Quantity", 1, QUOTE_LIMITS.quantity),
  productionDays: whole("Production days", 1, QUOTE_LIMITS.productionDays),
});

export const writeQuoteSchema = z
  .object({
    reference: z.string().regex(/^CR-\d{6}$/, "Unknown request. Reload the page."),
    lines: z
      .array(quoteLineSchema, { error: "Add at least one piece" })
      .min(1, "Add at least one piece")
      .max(QUOTE_LIMITS.lines, `At most ${QUOTE_LIMITS.lines} pieces`),
    depositKind: z.enum(["percent", "amount"], { error: "Choose the deposit" }),
    depositPercent: z.string().trim().optional(),
    depositAmount: z.string().trim().optional(),
    validUntil: z.iso.date({ error: "Choose the last day the quote holds" }),
    message: z
      .string()
      .trim()
      .max(2_000, "At most 2,000 characters")
      .optional()
      .transform((v) => v || null),
  })
  .transform((form, ctx) => {
    let value = 0;
    if (form.depositKind === "percent") {
      const parsed = whole("The deposit", 1, 99).safeParse(form.depositPercent ?? "");
      if (!parsed.success) ctx.addIssue({ code: "custom", path: ["depositPercent"], message: "The deposit: a percentage from 1 to 99" });
      else value = parsed.data;
    } else {
      const parsed = cedi("the deposit").safeParse(form.depositAmount ?? "");
      if (!parsed.success) ctx.addIssue({ code: "custom", path: ["depositAmount"], message: "Enter the deposit in cedi, e.g. 500" });
      else value = parsed.data;
    }
    const lines: QuoteLine[] = form.lines.map((l) => ({
      description: l.description,
      unitPrice: l.price,
      quantity: l.quantity,
      productionDays: l.productionDays,
    }));
    return {
      reference: form.reference,
      lines,
      deposit: { kind: form.depositKind, value },
      validUntil: form.validUntil,
      message: form.message,
    };
  });

export type WriteQuoteInput = z.output<typeof writeQuoteSchema>;

/** The customer's "Decline" on the quote's page, with an optional reason. */
export const declineQuoteSchema = z.object({
  intent: z.literal("decline"),
  reason: z
    .string()
    .trim()
    .max(1_000, "At most 1,000 characters")
    .optional()
    .transform((v) => v || null),
});
export const acceptQuoteSchema = z.object({ intent: z.literal("accept") });
