import { data, type AppLoadContext } from "react-router";
import type { Db } from "~db/client";
import type { AdminRoutePath } from "~/modules/auth/admin-access";
import { requireStaffPage, type Viewer } from "~/modules/auth/session.server";

/**
 * An admin list page's loader: the role check for `route` (admin-access.ts), then `load` with the database, the URL's
 * params and the staff member (for what their role may see beside the list). A refusal of the URL (a Response thrown by parseQuery: 400 with its message) passes
 * through; any other failure is logged with the request id and becomes a 500 the ErrorBoundary shows.
 */
export async function loadAdminList<T>(
  { request, url, context }: { request: Request; url: URL; context: AppLoadContext },
  route: AdminRoutePath,
  noun: string,
  load: (db: Db, params: URLSearchParams, viewer: Viewer) => Promise<T>,
): Promise<T> {
  const viewer = await requireStaffPage(request, context, route);
  try {
    return await load(context.database.db, url.searchParams, viewer);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.log.error({ err: error }, `admin ${noun}: loading failed`);
    throw data({ message: `The ${noun} could not be loaded.` }, { status: 500 });
  }
}
