import { localDay } from "~/lib/dates";
import { CSV_BOM } from "~/lib/csv";
import { customersCsv } from "~/modules/customers/customers.server";
import { customersQueryFromUrl } from "~/modules/customers/customers.schema";
import { requireAdmin } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/customers-export";

/** /admin/customers/export.csv?q=&sort= — every customer the list's search finds, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const { search, sort } = customersQueryFromUrl(new URL(request.url).searchParams);
  try {
    const [csv, { timezone }] = await Promise.all([customersCsv(db, { search, sort }), getStoreSettings(db)]);
    const day = localDay(timezone);
    // The byte-order mark lets Excel read UTF-8 (₵, accented names).
    return new Response(CSV_BOM + csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="customers-${day}.csv"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    context.log.error({ err: error }, "admin customers: CSV export failed");
    return new Response("The export could not be made. Please try again.", {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
