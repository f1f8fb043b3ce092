import { useBrowserValue } from "~/lib/use-browser-value";
import { HOME_COUNTRY, isGhanaRegion, regionName } from "~/modules/shipping/ghana";
import { countryName, isCountryCode } from "~/modules/shipping/countries";

/**
 * Where the shopper is, as far as this browser knows: the country (and, in Ghana, the region)
 * chosen at checkout, remembered in localStorage; else a country guessed from the browser's
 * languages ("en-GB" → GB). Browser only: the server snapshot is null, so pages render the same
 * HTML for every visitor and what depends on the shopper appears after hydration.
 */
export interface ShopperCountry {
  country: string;
  /** A Ghana region code, known only once chosen at checkout. */
  region: string | null;
  /** Chosen at checkout (true) or guessed from the browser's languages (false). */
  chosen: boolean;
}

export const SHOPPER_COUNTRY_KEY = "shopper-country";

/** "Greater Accra, Ghana" or "United Kingdom", for the shopper's destination. */
export function shopperDestinationName(country: string, region: string | null): string {
  const name = countryName(country);
  return country === HOME_COUNTRY && region && isGhanaRegion(region) ? `${regionName(region)}, ${name}` : name;
}

/** "en-GB" → "GB", "fr" → null: the first language that names a country we know. */
export function countryFromLanguages(languages: readonly string[]): string | null {
  for (const language of languages) {
    const region = language.split(/[-_]/)[1]?.toUpperCase();
    if (region && isCountryCode(region)) return region;
  }
  return null;
}

/** The remembered choice, if it is readable and still names a known place. */
export function parseRemembered(raw: string | null): ShopperCountry | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { country?: unknown; region?: unknown };
    if (typeof value.country !== "string" || !isCountryCode(value.country)) return null;
    const region = value.country === HOME_COUNTRY && typeof value.region === "string" && isGhanaRegion(value.region) ? value.region : null;
    return { country: value.country, region, chosen: true };
  } catch {
    return null;
  }
}

/** The remembered choice, else the guess from the languages, else null. */
export function readShopperCountry(remembered: string | null, languages: readonly string[]): ShopperCountry | null {
  const chosen = parseRemembered(remembered);
  if (chosen) return chosen;
  const guessed = countryFromLanguages(languages);
  return guessed ? { country: guessed, region: null, chosen: false } : null;
}

// The store: one snapshot object per change, so readers see a stable value.
let snapshot: ShopperCountry | null | undefined;
const listeners = new Set<() => void>();

function storedValue(): string | null {
  try {
    return window.localStorage.getItem(SHOPPER_COUNTRY_KEY);
  } catch {
    return null; // storage blocked (private mode, policy): fall back to the languages
  }
}

const serverSnapshot = () => null;

function currentSnapshot(): ShopperCountry | null {
  snapshot ??= readShopperCountry(storedValue(), navigator.languages ?? [navigator.language]);
  return snapshot;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== SHOPPER_COUNTRY_KEY) return;
  snapshot = undefined; // chosen in another tab
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** Remember the destination chosen at checkout, for the product page and the cart next time. */
export function rememberShopperCountry(country: string, region: string | null): void {
  if (!isCountryCode(country)) return;
  const value = { country, region: country === HOME_COUNTRY && region && isGhanaRegion(region) ? region : null };
  try {
    window.localStorage.setItem(SHOPPER_COUNTRY_KEY, JSON.stringify(value));
  } catch {
    // Not remembered; this page still knows it below.
  }
  snapshot = { ...value, chosen: true };
  notify();
}

/** The shopper's country in the browser; null on the server, during hydration and when unknown. */
export function useShopperCountry(): ShopperCountry | null {
  return useBrowserValue(subscribe, currentSnapshot, serverSnapshot);
}
