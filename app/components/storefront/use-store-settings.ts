import { useCallback } from "react";
import { useRootData } from "~/lib/page-context";
import { formatMoney, formatMoneyBrief, type CurrencyCode } from "~/lib/money";
import { defaultStoreSettings } from "~/modules/settings/store-settings";
import { storeProfile, type StoreProfile } from "~/modules/settings/store-profile";

/**
 * The lowest free-shipping threshold inside Ghana (pesewas), from the root loader's summary of
 * the shipping zones; null when no zone in Ghana ships free.
 */
export function useFreeShippingThreshold(): number | null {
  const root = useRootData();
  return root?.shipping.freeShippingThreshold ?? null;
}

/** The store's timezone (Settings → General), in which every date is shown. */
export function useStoreTimeZone(): string {
  const root = useRootData();
  return root?.store.timeZone ?? defaultStoreSettings.timezone;
}

/** Who the shop is (name, currency, contact details, WhatsApp, social links), from the root loader. */
export function useStoreProfile(): StoreProfile {
  const root = useRootData();
  return root?.store ?? storeProfile(defaultStoreSettings);
}

/** The store currency (Settings → General): every price the storefront shows is in it. */
export function useStoreCurrency(): CurrencyCode {
  const root = useRootData();
  return root?.store.currency ?? defaultStoreSettings.currency;
}

/** formatMoney in the store currency: "₵1,234.56", or "$1,234.56" with USD chosen. */
export function useFormatMoney(): (pesewas: number) => string {
  const currency = useStoreCurrency();
  return useCallback((pesewas: number) => formatMoney(pesewas, currency), [currency]);
}

/** formatMoneyBrief in the store currency, for figures in running text ("free from ₵500"). */
export function useFormatMoneyBrief(): (pesewas: number) => string {
  const currency = useStoreCurrency();
  return useCallback((pesewas: number) => formatMoneyBrief(pesewas, currency), [currency]);
}
