import { PackageOpen, Plus } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { buttonVariants } from "~/components/ui/button";
import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { DataTable } from "~/components/admin/list/data-table";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { SummaryCards } from "~/components/admin/list/summary-cards";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { orderColumns } from "~/components/admin/orders/order-columns";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { CashOwedTable } from "~/components/admin/orders/cash-owed-table";
import { cashOwedByCouriers } from "~/modules/payments/cash-collection.server";
import { OrderDetailsDialog } from "~/components/admin/orders/order-details-dialog";
import { orderSummaryCards } from "~/components/admin/orders/order-summary-cards";
import { updateOrderFromList } from "~/modules/orders/order-admin-action.server";
import type {
  CashCollectedResult,
  FulfilmentActionResult,
  OrderUpdateResult,
  RefundActionResult,
  RefundCheckResult,
} from "~/components/admin/orders/order-update";
import type { PaymentRequestResult } from "~/modules/payments/payment-request-action.server";
import type { ProductionMoveResult } from "~/modules/production/production-action.server";
import { staffProductionOf } from "~/modules/production/production.server";
import { paymentLinksOf } from "~/modules/payments/payment-links.server";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { getAdminOrderDetails, listAdminOrders } from "~/modules/orders/order-list.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { orderPaymentsForStaff } from "~/modules/payments/order-payments.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { recordHistory } from "~/modules/activity/activity-read.server";
import type { Route } from "./+types/orders";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";

export const meta = listMeta("Orders");

/** The URL param that opens the details dialog (?order=<id>), so a link or the back button reopens it. */
const DETAILS_PARAM = "order";

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/orders", "orders", async (db, params, viewer) => {
    const detailsId = params.get(DETAILS_PARAM);
    const detailsUuid = detailsId && /^[0-9a-f-]{36}$/i.test(detailsId) ? detailsId.toLowerCase() : null;
    const paystackConnected = paystackConfigOf(args.context.config) !== null;
    const filters = parseAdminOrderFilters(params);
    const [listing, summary, settings, details, payments, couriers, links, history] = await Promise.all([
      listAdminOrders(db, filters),
      // The cards read every order; a few seconds old is fine (own changes drop the cache).
      orderSummary(db, { maxAgeMs: 5_000 }),
      getStoreSettings(db),
      detailsId
        ? getAdminOrderDetails(db, detailsId).catch((e: unknown) => (e instanceof OrderNotFoundError ? null : Promise.reject(e)))
        : null,
      detailsId ? orderPaymentsForStaff(db, detailsId, { paystackConnected }) : null,
      // The Cash to collect view also says what each courier owes.
      filters.view === "cash-to-collect" ? cashOwedByCouriers(db) : null,
      detailsUuid ? paymentLinksOf(db, detailsId!) : null,
      // The order's own change history, for a role that reads the activity log (decision 049).
      detailsUuid ? recordHistory(db, viewer.role, { orderId: detailsUuid }) : null,
    ]);
    // Made-to-measure and custom orders: the workshop's steps (decision 040).
    const production = details ? await staffProductionOf(db, details) : null;
    // A fresh id for the details' refund form each time it is shown: posting it twice refunds once.
    const refundId = details ? crypto.randomUUID() : null;
    // The same for "Record payment" (issue 46): sent twice, it records one payment.
    const paymentRequest = details
      ? {
          recordId: crypto.randomUUID(),
          paystackConnected,
          links: (links ?? []).map((l) => ({
            ...l,
            state: (l.paidAt ? "paid" : l.revokedAt ? "closed" : l.expiresAt <= new Date() ? "expired" : "open") as
              "paid" | "closed" | "expired" | "open",
            amount: Number(l.amount),
            expiresAt: l.expiresAt.toISOString(),
            revokedAt: l.revokedAt?.toISOString() ?? null,
            paidAt: l.paidAt?.toISOString() ?? null,
            createdAt: l.createdAt.toISOString(),
          })),
        }
      : null;
    return {
      listing,
      summary,
      currency: settings.currency,
      timeZone: settings.timezone,
      details,
      payments,
      refundId,
      couriers,
      paymentRequest,
      production,
      history: details ? history : null,
    };
  });
}

/**
 * Closing the details dialog only drops ?order=: the list on screen is still current. Every
 * answer to the refund form reloads (a refund Paystack refused is kept, as failed, and shown), and
 * so does every answer to Check with Paystack (the refund's new state) and to the fulfilment
 * forms (the tracking, notes and messages shown).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const result = args.actionResult as { kind?: string } | undefined;
  if (
    result?.kind === "refund" ||
    result?.kind === "check-refund" ||
    result?.kind === "fulfilment" ||
    result?.kind === "cash" ||
    result?.kind === "payment-request" ||
    result?.kind === "production"
  )
    return true;
  return keepListWhenClosing(DETAILS_PARAM, args);
}

/** The inline status and payment selects (app/modules/orders/order-admin-action.server.ts). */
export const action = ({ request, context }: Route.ActionArgs) => updateOrderFromList(request, context);

/**
 * A change that cannot reach the server (offline, connection dropped) would otherwise replace
 * the page with the error screen; it becomes a failed change instead: a toast, and the select
 * goes back. Answers from the server, and refusals it throws (403), pass through.
 */
export async function clientAction({
  serverAction,
}: Route.ClientActionArgs): Promise<
  | OrderUpdateResult
  | RefundActionResult
  | RefundCheckResult
  | FulfilmentActionResult
  | CashCollectedResult
  | PaymentRequestResult
  | ProductionMoveResult
> {
  try {
    return await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error;
    console.error("Order update did not reach the shop", error);
    return { ok: false, message: "The shop could not be reached. Check the connection and try again." };
  }
}

export default function AdminOrders({
  loaderData: { listing, summary, currency, timeZone, details, payments, refundId, couriers, paymentRequest, production, history },
}: Route.ComponentProps) {
  const dialog = useUrlDialog(DETAILS_PARAM, details?.id);
  const tooShort = listing.searchTooShort;
  const { can } = useAdminViewer();
  return (
    <ListPage
      title="Orders"
      description="Every order placed in the shop: change a status or payment and the customer's tracking page follows."
      actions={
        can("orders.create") && (
          <Link to="/admin/orders/drafts" className={buttonVariants()}>
            <Icon of={Plus} /> New order
          </Link>
        )
      }
      exportHref={can("orders.export") ? "/admin/orders/export.csv" : undefined}
      summary={
        <>
          <SummaryCards cards={orderSummaryCards(summary, currency)} />
          {couriers && <CashOwedTable rows={couriers} />}
        </>
      }
      filters={<OrderFilters searchTooShort={tooShort} />}
      dialog={dialog}
      noun="orders"
      listing={{ ...listing, rows: listing.items }}
      empty={{
        icon: PackageOpen,
        none: { title: "No orders yet", body: "Orders placed in the shop appear here, newest first." },
        filtered: tooShort
          ? { title: "Search is too short", body: "Type at least 3 characters, or a whole order number such as ORD-123456." }
          : { title: "No matching orders", body: "No order matches this search and these filters." },
      }}
      details={
        <OrderDetailsDialog
          dialog={dialog}
          order={details}
          payments={payments}
          refundId={refundId}
          paymentRequest={paymentRequest}
          production={production}
          history={history}
          timeZone={timeZone}
        />
      }
    >
      <DataTable
        rows={listing.items}
        columns={orderColumns(timeZone, dialog.openHref)}
        rowKey={(order) => order.id}
        caption={`Orders, newest first. Dates in ${timeZone} time.`}
        label="Orders"
        minWidth="min-w-[60rem]"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Orders", "orders", "/admin/orders");
