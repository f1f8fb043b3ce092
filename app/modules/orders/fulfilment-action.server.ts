import { data, type AppLoadContext } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { OrderNoteForm, ShipmentForm } from "~/modules/orders/fulfilment.schema";
import { OrderNotFoundError, StockGoneError } from "~/modules/orders/order-errors";
import { addOrderNote, correctTracking, FulfilmentRefusedError, shipOrder } from "~/modules/orders/order-fulfilment.server";
import { BalanceDueError } from "~/modules/orders/order-status.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { FulfilmentActionResult, FulfilmentIntent } from "~/components/admin/orders/order-update";

type Input =
  | { intent: "ship"; value: ShipmentForm }
  | { intent: "tracking"; value: ShipmentForm }
  | { intent: "staff-note"; value: OrderNoteForm }
  | { intent: "customer-message"; value: OrderNoteForm };

/**
 * The fulfilment forms of the order details (admins only: the page's guard has checked method,
 * session, role, origin and the form): "ship" marks the order shipped with its tracking (one
 * transaction, the shipped email when Order notifications is on), "tracking" corrects it (no
 * email), "staff-note" adds an internal note and "customer-message" a message that is emailed
 * (whatever the notification switches: it is written to be sent). Notes carry the admin's name.
 */
export async function fulfilFromOrderDetails(context: AppLoadContext, viewer: Viewer, input: Input) {
  const db = context.database.db;
  const intent: FulfilmentIntent = input.intent;
  const fail = (message: string, status: number) =>
    data<FulfilmentActionResult>({ ok: false, kind: "fulfilment", intent, message }, { status });
  const author = viewer.name.trim() || viewer.email;
  try {
    const settings = await getStoreSettings(db);
    const sender = { storeName: settings.storeName, origin: siteOrigin(context) };
    let message: string;
    let emailed = false;
    if (input.intent === "ship") {
      const { changed } = await shipOrder(db, input.value.orderId, input.value.shipment, {
        changedBy: author,
        balanceOverride: input.value.balanceReason || undefined,
        notifyCustomer: settings.orderNotifications,
        ...sender,
      });
      emailed = changed && settings.orderNotifications;
      message = changed
        ? `Marked shipped with ${input.value.shipment.carrier}.${emailed ? " The customer has been emailed the tracking details." : ""}`
        : "The order was already shipped: its tracking has been saved.";
    } else if (input.intent === "tracking") {
      await correctTracking(db, input.value.orderId, input.value.shipment);
      message = "Tracking saved. The tracking page shows it now; no email was sent.";
    } else {
      const kind = input.intent === "staff-note" ? "staff" : "customer";
      const { created } = await addOrderNote(db, { ...input.value, kind, author: { id: viewer.id, name: author } }, sender);
      emailed = created && kind === "customer";
      message =
        kind === "staff"
          ? created
            ? "Note added. Only staff see it."
            : "This note was already added."
          : created
            ? "Message sent. The customer has been emailed and sees it on their order page."
            : "This message was already sent.";
    }
    if (emailed) context.email.nudge();
    return { ok: true, kind: "fulfilment", intent, message } satisfies FulfilmentActionResult;
  } catch (error) {
    if (error instanceof OrderNotFoundError) return fail("Order not found", 404);
    if (error instanceof FulfilmentRefusedError) return fail(error.message, 409);
    if (error instanceof StockGoneError) return fail(error.message, 409);
    if (error instanceof BalanceDueError) return fail(error.message, 409);
    context.log.error({ err: error, intent }, "admin orders: fulfilment failed");
    return fail("This could not be saved. Please try again.", 500);
  }
}
