import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/root-data";
import { defaultShippingRates } from "~/modules/pricing/order-totals";
import { defaultStoreSettings } from "~/modules/settings/settings.schema";

/** The store's shipping fee and free-shipping threshold (pesewas), from the root loader. */
export function useShippingRates() {
  const root = useRouteLoaderData<RootData>("root");
  return root?.shipping ?? defaultShippingRates;
}

/** The store's timezone (Settings → General), in which every date is shown. */
export function useStoreTimeZone(): string {
  const root = useRouteLoaderData<RootData>("root");
  return root?.store.timeZone ?? defaultStoreSettings.timezone;
}
