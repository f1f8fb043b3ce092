import { parseAdminOrderFilters } from "~/modules/admin-orders/admin-orders.filters";
import { ordersCsvStream } from "~/modules/admin-orders/admin-orders-csv.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/orders-export";

/** "2026-03-01" in the given zone (the day the admin sees on their calendar). */
function localDay(timeZone: string, date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * /admin/orders/export.csv?q=&status=&payment= — the orders list with the page's filters, every
 * page, as a CSV download. Rows are streamed in batches as the browser reads them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const filters = parseAdminOrderFilters(new URL(request.url).searchParams);
  const { timezone } = await getStoreSettings(db);

  // Headers are sent before the rows are read, so a database error mid-way can only cut the
  // download short; it is logged with the request id.
  const reader = ordersCsvStream(db, filters, { timeZone: timezone }).getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        context.log.error({ err: error, requestId: context.requestId }, "admin orders: CSV export failed");
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${localDay(timezone)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
