import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { orderProductionSteps } from "~db/schema/production";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { orderIdSchema } from "~/modules/orders/order-filters.schema";
import { SHOWROOM_COLLECTION } from "~/modules/staff-orders/draft-orders.server";
import { garmentReadyEmail } from "./production-email.server";
import type { ProductionMoveForm } from "./production.schema";
import { isProductionStep, PRODUCTION_LINE_KINDS, productionStepLabel, stepIndex, type ProductionStep } from "./production-steps";

/** A move staff may not make (no workshop line, cancelled, back without a reason): a 409 with the words. */
export class ProductionRefusedError extends Error {}

export interface ProductionMoved {
  /** False when the order was already at that step (a double click, a colleague): nothing changed. */
  moved: boolean;
  step: ProductionStep;
  back: boolean;
  emailed: boolean;
}

/**
 * Moves an order's production to `step`, in one transaction with the order's row locked (two
 * posts at once take turns): forward to any later step (a step may be skipped), or back to an
 * earlier one only with a reason (a correction). The move is written with who and when, the
 * order's history says "Production: Sewing" (the customer's timeline shows it: the note stays
 * with staff), and, for a move to Ready with `emailCustomer`, the customer's "ready" email is
 * queued in the same transaction. Posting the step the order is already at changes nothing.
 */
export async function moveProductionStep(
  db: Db,
  form: ProductionMoveForm,
  by: { name: string; userId: string | null },
  sender: { storeName: string; origin: string },
): Promise<ProductionMoved> {
  if (!orderIdSchema.safeParse(form.orderId).success) throw new OrderNotFoundError(`Order ${form.orderId} not found`);
  // The form's schema trims it already; a caller in code may not have.
  const note = form.note.trim();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.orderStatus,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        shippingZone: orders.shippingZone,
      })
      .from(orders)
      .where(eq(orders.id, form.orderId))
      .for("update");
    if (!order) throw new OrderNotFoundError(`Order ${form.orderId} not found`);
    const pieces = await tx
      .select({ name: orderItems.name })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.kind, [...PRODUCTION_LINE_KINDS])))
      .orderBy(orderItems.id);
    if (pieces.length === 0)
      throw new ProductionRefusedError("This order has no made-to-measure or custom piece: nothing is made in the workshop for it.");
    if (order.status === "cancelled") throw new ProductionRefusedError("This order is cancelled: its production has stopped.");

    const [last] = await tx
      .select({ step: orderProductionSteps.step })
      .from(orderProductionSteps)
      .where(eq(orderProductionSteps.orderId, order.id))
      .orderBy(desc(orderProductionSteps.id))
      .limit(1);
    const current = last && isProductionStep(last.step) ? last.step : null;
    if (current === form.step) return { moved: false, step: form.step, back: false, emailed: false };
    const back = stepIndex(form.step) < stepIndex(current);
    if (back && !note)
      throw new ProductionRefusedError(
        `The order is at ${productionStepLabel(current!)}. Going back to ${productionStepLabel(form.step)} corrects a mistake: say why in the note.`,
      );

    const now = new Date();
    const email = form.step === "ready" && !back && form.emailCustomer;
    await tx.insert(orderProductionSteps).values({
      orderId: order.id,
      step: form.step,
      back,
      note: note || null,
      movedBy: by.name,
      movedByUserId: by.userId,
      customerEmailedAt: email ? now : null,
      createdAt: now,
    });
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: order.status,
      // The customer's timeline shows this line: a correction reads "again", its reason stays with staff.
      notes: `Production: ${productionStepLabel(form.step)}${back ? " (again)" : ""}`,
      changedBy: by.name,
      createdAt: now,
    });
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
    if (email)
      await queueEmail(
        tx,
        garmentReadyEmail({
          ...sender,
          orderId: order.id,
          orderNumber: order.orderNumber,
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          pieces: pieces.map((p) => p.name),
          collect: order.shippingZone === SHOWROOM_COLLECTION.name,
        }),
      );
    return { moved: true, step: form.step, back, emailed: email };
  });
}
