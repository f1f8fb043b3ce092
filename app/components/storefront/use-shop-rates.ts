import { startTransition } from "react";
import { useBrowserValue } from "~/lib/use-browser-value";
import { SHOP_RATES_PATH, type ShopRates } from "~/modules/shipping/shop-rates";

/**
 * The shop's zones and exchange rates in the browser, fetched once per page load from the cached
 * `/api/shop-rates` document and shared by every component that asks. Null on the server and
 * until it arrives (or if it cannot be read): callers show nothing extra rather than a guess.
 */
let rates: ShopRates | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= fetch(SHOP_RATES_PATH, { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<ShopRates>) : null))
    .then((body) => {
      rates = body;
      // Approximate prices and estimates are extras: React renders them without blocking the page.
      startTransition(() => {
        for (const listener of listeners) listener();
      });
    })
    .catch(() => {
      // Offline or refused: approximate prices and estimates simply do not show; try again next load.
      loading = null;
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

const currentRates = () => rates;
const noRates = () => null;

export function useShopRates(): ShopRates | null {
  return useBrowserValue(subscribe, currentRates, noRates);
}
