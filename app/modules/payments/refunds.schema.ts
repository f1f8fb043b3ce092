import { z } from "zod";
import { parseMoney, toDecimalString } from "~/lib/money";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";

/** A refund's reason: shown to the customer (their email and order timeline) and kept in the history. */
export const REFUND_REASON_MAX = 300;

/**
 * The refund form of the admin order details (one Zod schema in the browser and the action).
 * `refundId` is chosen when the form is shown: posting the same form twice refunds once. The
 * amount is in the order's currency (cedis), at most two decimals; `maxPesewas`, when given,
 * checks it against what can still be refunded, as the form knows it (the server checks again,
 * with the order locked).
 */
export function refundFormSchema(maxPesewas?: number) {
  return z.object({
    orderId: orderIdSchema,
    refundId: z.uuid({ error: "This form is out of date. Close the order and open it again." }),
    amount: z
      .string({ error: "Enter the amount to refund, e.g. 120.00" })
      .trim()
      .min(1, "Enter the amount to refund, e.g. 120.00")
      .transform((value, ctx) => {
        const pesewas = parseMoney(value);
        if (pesewas === null) {
          ctx.addIssue({ code: "custom", message: "Enter the amount as a number with at most two decimals, e.g. 120.00" });
          return z.NEVER;
        }
        if (pesewas <= 0) {
          ctx.addIssue({ code: "custom", message: "The amount to refund must be more than 0.00" });
          return z.NEVER;
        }
        if (maxPesewas !== undefined && pesewas > maxPesewas) {
          ctx.addIssue({ code: "custom", message: `At most ${toDecimalString(maxPesewas)} can still be refunded on this order` });
          return z.NEVER;
        }
        return pesewas;
      }),
    reason: z
      .string({ error: "Say why you are refunding (the customer sees it)" })
      .trim()
      .min(3, "Say why you are refunding (the customer sees it)")
      .max(REFUND_REASON_MAX, `Keep the reason to ${REFUND_REASON_MAX} characters`),
  });
}

export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;
export type RefundForm = z.output<ReturnType<typeof refundFormSchema>>;
