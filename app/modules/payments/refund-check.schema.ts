import { z } from "zod";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";

/**
 * "Check with Paystack" on a refund of the admin order details (intent "check-refund"): which
 * refund, and the order it is shown on (the action refuses a refund of another order).
 */
export const refundCheckFormSchema = z.object({
  orderId: orderIdSchema,
  refundId: z.uuid({ error: "This refund is not known. Close the order and open it again." }),
});

export type RefundCheckForm = z.output<typeof refundCheckFormSchema>;
