import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import { defaultShippingRates } from "~/modules/settings/shipping";

/** The store's shipping fee and free-shipping threshold (pesewas), from the root loader. */
export function useShippingRates() {
  const root = useRouteLoaderData<RootData>("root");
  return root?.shipping ?? defaultShippingRates;
}
