import { data, type AppLoadContext } from "react-router";
import type { Db } from "~db/client";
import { requireAdmin } from "~/modules/auth/session.server";

/**
 * An admin list page's loader: the admin check, then `load` with the database and the URL's
 * params. A refusal of the URL (a Response thrown by parseQuery: 400 with its message) passes
 * through; any other failure is logged with the request id and becomes a 500 the ErrorBoundary shows.
 */
export async function loadAdminList<T>(
  { request, url, context }: { request: Request; url: URL; context: AppLoadContext },
  noun: string,
  load: (db: Db, params: URLSearchParams) => Promise<T>,
): Promise<T> {
  await requireAdmin(request, context);
  try {
    return await load(context.database.db, url.searchParams);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.log.error({ err: error }, `admin ${noun}: loading failed`);
    throw data({ message: `The ${noun} could not be loaded.` }, { status: 500 });
  }
}
