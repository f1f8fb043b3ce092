import { z } from "zod";
import { hasControlCharacter } from "~/lib/input";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";
import { productionSteps } from "./production-steps";

/** A note on a move (staff only): the reason when going back. */
export const PRODUCTION_NOTE_MAX = 500;

/**
 * "Move to" in the order's Production panel (intent "production"): the step chosen, an optional
 * note (the reason, required server-side for a step back, with the order locked), and whether to
 * email the customer that the garment is ready (read only for a move to ready).
 */
export const productionMoveFormSchema = z.object({
  orderId: orderIdSchema,
  step: z.enum(productionSteps, { error: "Choose the step the garment has reached" }),
  note: z
    .string({ error: "The note must be text" })
    .optional()
    .transform((value) => (value ?? "").trim().replace(/\r\n?/g, "\n"))
    .refine((value) => !hasControlCharacter(value), "The note cannot contain control characters")
    .pipe(z.string().max(PRODUCTION_NOTE_MAX, `Keep the note to ${PRODUCTION_NOTE_MAX} characters`)),
  emailCustomer: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

export type ProductionMoveForm = z.output<typeof productionMoveFormSchema>;
