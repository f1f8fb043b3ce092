import { data } from "react-router";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { getViewer } from "~/modules/auth/session.server";
import { lastMeasurements } from "~/modules/measurements/customer-measurements.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/my-measurements";

/**
 * The signed-in customer's saved measurements and where they were last given (null for a guest
 * or a customer without any). The pages that offer measurements are cached and shared, so they
 * ask this after load, for the "Use the measurements from my last order" button; never stored anywhere.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const saved = viewer
    ? await lastMeasurements(context.database.db, viewer.id, (await getStoreSettings(context.database.db)).timezone)
    : null;
  return data(
    { signedIn: viewer !== null, measurements: saved?.measurements ?? null, saved },
    { headers: { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL } },
  );
}
