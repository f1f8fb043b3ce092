import { localDay } from "~/lib/dates";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { ordersCsvStream } from "~/modules/orders/orders-csv.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/orders-export";

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
        context.log.error({ err: error }, "admin orders: CSV export failed");
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
