import { data, type AppLoadContext } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import type { Viewer } from "~/modules/auth/session.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { moveProductionStep, ProductionRefusedError } from "./production-moves.server";
import type { ProductionMoveForm } from "./production.schema";
import { productionStepLabel } from "./production-steps";

/** What the orders page action answers to the Production panel's "Move to" form. */
export type ProductionMoveResult =
  { ok: true; kind: "production"; moved: boolean; message: string } | { ok: false; kind: "production"; message: string };

/**
 * The orders page's intent "production" (updateOrderFromList: the guard has checked method,
 * session, admin role, origin and the form): the move, named in words for the toast.
 */
export async function moveProductionFromOrderDetails(context: AppLoadContext, viewer: Viewer, form: ProductionMoveForm) {
  const db = context.database.db;
  const fail = (message: string, status: number) => data<ProductionMoveResult>({ ok: false, kind: "production", message }, { status });
  try {
    const settings = await getStoreSettings(db);
    const moved = await moveProductionStep(
      db,
      form,
      { name: viewer.name.trim() || viewer.email, userId: viewer.id },
      { storeName: settings.storeName, origin: siteOrigin(context) },
    );
    if (moved.emailed) context.email.nudge();
    const label = productionStepLabel(moved.step);
    return {
      ok: true,
      kind: "production",
      moved: moved.moved,
      message: !moved.moved
        ? `The order was already at ${label}: nothing changed.`
        : moved.back
          ? `Moved back to ${label}. The reason is kept with the move.`
          : `Moved to ${label}.${moved.emailed ? " The customer has been emailed that it is ready." : ""}`,
    } satisfies ProductionMoveResult;
  } catch (error) {
    if (error instanceof OrderNotFoundError) return fail("Order not found", 404);
    if (error instanceof ProductionRefusedError) return fail(error.message, 409);
    context.log.error({ err: error }, "admin orders: production move failed");
    return fail("The move could not be saved. Please try again.", 500);
  }
}
