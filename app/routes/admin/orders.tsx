import { Download } from "lucide-react";
import { data, isRouteErrorResponse, useLocation, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AdminPageHeader } from "~/components/admin/page-header";
import { OrderDetailsDialog } from "~/components/admin/orders/order-details-dialog";
import { ORDER_UPDATE_FAILED, type OrderUpdateResult } from "~/components/admin/orders/order-update";
import { OrdersFilters } from "~/components/admin/orders/orders-filters";
import { OrdersSummary } from "~/components/admin/orders/orders-summary";
import { OrdersTable } from "~/components/admin/orders/orders-table";
import { TablePagination } from "~/components/admin/table-pagination";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/use-url-dialog";
import { buttonVariants } from "~/components/ui/button";
import { brand } from "~/lib/brand";
import { siteOrigin } from "~/lib/http.server";
import { guardAction } from "~/modules/auth/action-guard.server";
import { invalidateStorefront } from "~/modules/catalog/catalog-cache.server";
import { orderStatusFormSchema, parseAdminOrderFilters, paymentStatusFormSchema } from "~/modules/orders/order-filters.schema";
import { getAdminOrderDetails, listAdminOrders } from "~/modules/orders/order-list.server";
import { changeOrderStatusAsAdmin, changePaymentStatus } from "~/modules/orders/order-status.server";
import { orderSummary } from "~/modules/orders/order-summary.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  { title: `Orders · Admin · ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** The URL param that opens the details dialog (?order=<id>), so a link or the back button reopens it. */
const DETAILS_PARAM = "order";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const params = new URL(request.url).searchParams;
  const filters = parseAdminOrderFilters(params);
  const detailsId = params.get(DETAILS_PARAM);
  try {
    const [listing, summary, settings, details] = await Promise.all([
      listAdminOrders(db, filters),
      // The cards read every order; a few seconds old is fine (own changes drop the cache).
      orderSummary(db, { maxAgeMs: 5_000 }),
      getStoreSettings(db),
      detailsId
        ? getAdminOrderDetails(db, detailsId).catch((error: unknown) => {
            if (error instanceof OrderNotFoundError) return null;
            throw error;
          })
        : null,
    ]);
    return {
      listing,
      summary,
      currency: settings.currency,
      timeZone: settings.timezone,
      filters: { search: filters.search ?? "", status: filters.status ?? "", payment: filters.payment ?? "" },
      details,
    };
  } catch (error) {
    context.log.error({ err: error }, "admin orders: loading failed");
    throw data({ message: "The orders could not be loaded." }, { status: 500 });
  }
}

/** Closing the details dialog only drops ?order=: the list on screen is still current. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(DETAILS_PARAM, args);
}

/**
 * The inline selects: intent "status" (order status; the orders module returns stock on
 * cancellation) or "payment". Both write the history with the admin's name and, when the
 * Order notifications setting is on, queue the customer's email in the same transaction.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "admin",
      intents: { status: orderStatusFormSchema, payment: paymentStatusFormSchema },
      unknownIntent: "Unknown action",
      reply: (refused): OrderUpdateResult => ({ ok: false, message: refused.firstMessage ?? "Unknown action" }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const { viewer } = guarded;
  const db = context.database.db;
  try {
    const settings = await getStoreSettings(db);
    const change = {
      changedBy: viewer.name.trim() || viewer.email,
      notifyCustomer: settings.orderNotifications,
      storeName: settings.storeName,
      origin: siteOrigin(request, context),
    };
    let result: OrderUpdateResult;
    if (guarded.intent === "status") {
      const input = guarded.value;
      const { changed } = await changeOrderStatusAsAdmin(db, input.orderId, input.status, change);
      // Stock moves on (un)cancellation and the storefront shows stock: let it read afresh.
      if (changed) invalidateStorefront(context);
      result = { ok: true, kind: "order", value: input.status, changed, emailed: changed && change.notifyCustomer };
    } else {
      const input = guarded.value;
      const { changed } = await changePaymentStatus(db, input.orderId, input.paymentStatus, change);
      result = { ok: true, kind: "payment", value: input.paymentStatus, changed, emailed: changed && change.notifyCustomer };
    }
    if (result.emailed) context.email.nudge();
    return result;
  } catch (error) {
    if (error instanceof OrderNotFoundError) return data<OrderUpdateResult>({ ok: false, message: "Order not found" }, { status: 404 });
    context.log.error({ err: error, intent: guarded.intent }, "admin orders: update failed");
    return data<OrderUpdateResult>({ ok: false, message: `${ORDER_UPDATE_FAILED}. Please try again.` }, { status: 500 });
  }
}

/**
 * A change that cannot reach the server (offline, connection dropped) would otherwise replace
 * the page with the error screen; it becomes a failed change instead: a toast, and the select
 * goes back. Answers from the server, and refusals it throws (403), pass through.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<OrderUpdateResult> {
  try {
    return await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error;
    console.error("Order update did not reach the shop", error);
    return { ok: false, message: "The shop could not be reached. Check the connection and try again." };
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { listing, summary, currency, timeZone, filters, details } = loaderData;
  const location = useLocation();
  const dialog = useUrlDialog(DETAILS_PARAM, details?.id);

  const exportParams = new URLSearchParams();
  if (filters.search) exportParams.set("q", filters.search);
  if (filters.status) exportParams.set("status", filters.status);
  if (filters.payment) exportParams.set("payment", filters.payment);
  const exportHref = `/admin/orders/export.csv${exportParams.size ? `?${exportParams}` : ""}`;

  const filtered = Boolean(filters.search || filters.status || filters.payment);
  const empty = listing.searchTooShort
    ? { title: "Search is too short", body: "Type at least 3 characters, or a whole order number such as ORD-123456." }
    : filtered
      ? {
          title: "No matching orders",
          body: "No order matches this search and these filters.",
          action: { label: "Clear filters", href: location.pathname },
        }
      : { title: "No orders yet", body: "Orders placed in the shop appear here, newest first." };

  return (
    <div className="mx-auto max-w-7xl">
      <AdminPageHeader
        title="Orders"
        description="Every order placed in the shop: change a status or payment and the customer's tracking page follows."
        actions={
          <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden />
            Export CSV
          </a>
        }
      />
      <OrdersSummary summary={summary} currency={currency} />
      <div className="rounded-md border border-border bg-ivory shadow-[0_1px_0_rgb(30_27_24/0.04)]">
        <OrdersFilters search={filters.search} status={filters.status} payment={filters.payment} searchTooShort={listing.searchTooShort} />
        <div className="border-t border-border" aria-busy={dialog.listLoading || undefined}>
          <OrdersTable
            orders={listing.items}
            timeZone={timeZone}
            detailsHref={(id) => dialog.hrefWith({ [DETAILS_PARAM]: id })}
            empty={empty}
          />
        </div>
        <TablePagination
          page={listing.page}
          pageCount={listing.pageCount}
          pageSize={listing.pageSize}
          total={listing.total}
          totalIsCapped={listing.totalIsCapped}
          noun="orders"
          hrefFor={(page) => dialog.hrefWith({ page: page === 1 ? null : String(page), [DETAILS_PARAM]: null })}
        />
      </div>
      <OrderDetailsDialog state={dialog.state} order={details} timeZone={timeZone} onClose={dialog.close} />
    </div>
  );
}

/** A failed load: logged on the server (with the request id); the admin gets a way to retry. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      error={useRouteError()}
      title="Orders unavailable"
      fallback="The orders could not be loaded."
      retryHref="/admin/orders"
    />
  );
}
