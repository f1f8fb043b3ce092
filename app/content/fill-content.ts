import { formatMoneyBrief, type CurrencyCode } from "../lib/money";
import { whatsappLink } from "../modules/settings/contact-links";
import type { StoreProfile } from "../modules/settings/store-profile";
import type { ShippingZone } from "../modules/shipping/shipping-zones";
import { homeFreeShippingThreshold } from "../modules/shipping/delivery-quote";
import type { ContentBlock, ContentPage } from "./pages";
import { shippingZonesTable } from "./shipping-zones-table";

/**
 * Fills a content page's placeholders (pages.ts) from the store settings, so every text that
 * states a setting reads it: the shipping zones, contact details, WhatsApp, the store name and
 * currency. Pure; the content route calls it in its loader, so the page stays cacheable (a
 * settings save drops the page cache).
 */
export interface ContentSettings {
  store: StoreProfile;
  /** The shipping zones in staff's order (the Shipping Info table, the free-shipping amount). */
  zones: ReadonlyArray<Omit<ShippingZone, "id">>;
}

const currencyNames: Record<CurrencyCode, string> = {
  GHS: "Ghana cedi (GHS, ₵)",
  USD: "US dollars (USD, $)",
  EUR: "euros (EUR, €)",
};

const PLACEHOLDER = /\{(\w+)(?::(\d+))?\}/g;
const OPTIONAL = /\[\[(.*?)\]\]/g;

function placeholderValues({ store, zones }: ContentSettings): Record<string, string> {
  const money = (pesewas: number) => formatMoneyBrief(pesewas, store.currency);
  const freeFrom = homeFreeShippingThreshold(zones);
  return {
    storeName: store.name,
    email: store.contact.email,
    phone: store.contact.phone,
    whatsapp: store.contact.whatsapp,
    address: store.contact.addressLines.join(", "),
    hours: store.contact.hours,
    // "" when no zone in Ghana ships free: a [[passage]] naming it is left out.
    freeShippingFrom: freeFrom === null ? "" : money(freeFrom),
    currencyName: currencyNames[store.currency],
  };
}

/** One text with its placeholders filled; a [[passage]] naming an empty setting is left out. */
export function fillText(text: string, settings: ContentSettings): string {
  const values = placeholderValues(settings);
  const fill = (part: string) =>
    part.replace(PLACEHOLDER, (whole, name: string, amount?: string) => {
      if (name === "price" && amount) return formatMoneyBrief(Number(amount), settings.store.currency);
      const value = values[name];
      if (value === undefined) throw new Error(`Unknown content placeholder ${whole}`);
      return value;
    });
  const withOptional = text.replace(OPTIONAL, (_, inner: string) => {
    const names = [...inner.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    return names.some((name) => name !== "price" && !values[name]) ? "" : inner;
  });
  return fill(withOptional);
}

function fillBlock(block: ContentBlock, settings: ContentSettings): ContentBlock | null {
  const fill = (text: string) => fillText(text, settings);
  switch (block.type) {
    case "h2":
    case "p":
    case "note":
      return { ...block, text: fill(block.text) };
    case "action":
      return { ...block, text: fill(block.text), label: fill(block.label) };
    case "list":
      return { ...block, items: block.items.map(fill) };
    case "table":
      return { ...block, caption: fill(block.caption), head: block.head.map(fill), rows: block.rows.map((row) => row.map(fill)) };
    case "shipping-zones":
      return shippingZonesTable(settings.zones, settings.store.currency);
    case "whatsapp": {
      const href = whatsappLink(settings.store.contact.whatsapp, fill(block.message));
      return href ? { ...block, text: fill(block.text), href } : null;
    }
  }
}

/** The page as shoppers read it with the current settings. */
export function fillContentPage(page: ContentPage, settings: ContentSettings): ContentPage {
  return {
    ...page,
    title: fillText(page.title, settings),
    metaDescription: fillText(page.metaDescription, settings),
    eyebrow: fillText(page.eyebrow, settings),
    intro: fillText(page.intro, settings),
    blocks: page.blocks.map((b) => fillBlock(b, settings)).filter((b): b is ContentBlock => b !== null),
  };
}
