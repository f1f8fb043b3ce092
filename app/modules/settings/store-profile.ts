import { brand } from "~/lib/brand";
import type { CurrencyCode } from "~/lib/money";
import { socialLinksOf } from "./contact-links";
import type { StoreLogo, StoreSettings, StoreTimezone } from "./store-settings";

/**
 * Who the shop is, as every storefront page states it: the settings shoppers see (name,
 * currency, contact details, WhatsApp, social links) beside the fixed parts of the brand. The
 * root loader hands it to every page (RootData.store); content pages fill their texts from it.
 */
export interface StoreProfile {
  name: string;
  /** The uploaded logo, or null for the text wordmark. */
  logo: StoreLogo | null;
  tagline: string;
  description: string;
  /** The currency prices are shown and charged in (docs/product-rules.md §13 "Money"). */
  currency: CurrencyCode;
  timeZone: StoreTimezone;
  contact: {
    email: string;
    /** "" when the shop has no phone. */
    phone: string;
    addressLines: string[];
    hours: string;
    /** International form, "" when the shop has no WhatsApp. */
    whatsapp: string;
  };
  /** Only the networks the shop set, in a fixed order. */
  social: { label: string; url: string }[];
}

/**
 * Profiles by the settings they were made from: the settings are cached (settings.server.ts), so
 * every page in their lifetime gets the very same profile, and the footer drawn once for it
 * (`contentKey`, app/lib/rendered-once.ts) is found by the object, never by writing it out as JSON
 * on every page. A profile is never changed once made.
 */
const profiles = new WeakMap<StoreSettings, StoreProfile>();

export function storeProfile(settings: StoreSettings): StoreProfile {
  let profile = profiles.get(settings);
  if (!profile) profiles.set(settings, (profile = profileOf(settings)));
  return profile;
}

function profileOf(settings: StoreSettings): StoreProfile {
  return {
    name: settings.storeName,
    logo: settings.logo,
    tagline: brand.tagline,
    description: brand.description,
    currency: settings.currency,
    timeZone: settings.timezone,
    contact: {
      email: settings.contactEmail,
      phone: settings.contactPhone,
      addressLines: settings.contactAddress
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      hours: brand.contact.hours,
      whatsapp: settings.whatsappNumber,
    },
    social: socialLinksOf(settings),
  };
}
