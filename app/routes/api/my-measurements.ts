import { data } from "react-router";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { getViewer } from "~/modules/auth/session.server";
import { savedMeasurements } from "~/modules/measurements/customer-measurements.server";
import type { Route } from "./+types/my-measurements";

/**
 * The signed-in customer's saved measurements (null for a guest or a customer without any).
 * The request form is cached and shared, so it asks this after load; never stored anywhere.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const measurements = viewer ? await savedMeasurements(context.database.db, viewer.id) : null;
  return data({ signedIn: viewer !== null, measurements }, { headers: { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL } });
}
