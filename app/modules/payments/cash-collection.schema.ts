import { z } from "zod";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";

/**
 * "Cash collected?" in the order details: the order and the amount the button named (pesewas),
 * so a form shown before the order changed records nothing (the server compares it with what is
 * outstanding, with the order locked).
 */
export const cashCollectedFormSchema = z.object({
  orderId: orderIdSchema,
  amount: z
    .string({ error: "This form is out of date. Close the order and open it again." })
    .regex(/^\d{1,15}$/, "This form is out of date. Close the order and open it again.")
    .transform(Number),
});

export type CashCollectedForm = z.output<typeof cashCollectedFormSchema>;
