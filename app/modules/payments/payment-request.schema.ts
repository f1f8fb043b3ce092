import { z } from "zod";
import { recordedPaymentMethods } from "~/modules/staff-orders/sales-channels";

/**
 * The forms of an unpaid order's "Ask for payment" panel (order details, issue 46): send a
 * payment link (by email too, or for WhatsApp only), revoke one, record money taken another way.
 */
const orderId = z.uuid({ error: "Unknown order. Reload the page and try again." });

export const sendLinkFormSchema = z.object({
  orderId,
  emailLink: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

export const revokeLinkFormSchema = z.object({ orderId, linkId: z.uuid({ error: "Unknown link. Reload the page and try again." }) });

export const recordPaymentFormSchema = z.object({
  orderId,
  paymentId: z.uuid({ error: "This form is out of date. Close the order and open it again." }),
  method: z.enum(recordedPaymentMethods.map((m) => m.value) as [string, ...string[]], { error: "Choose how the customer paid" }),
  reference: z
    .string()
    .trim()
    .max(120, "The reference must be at most 120 characters")
    .optional()
    .transform((v) => v ?? ""),
  amount: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
