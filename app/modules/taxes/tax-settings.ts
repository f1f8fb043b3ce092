import { HOME_COUNTRY } from "~/modules/shipping/ghana";
import type { TaxRate } from "./tax-lines";

/**
 * Settings → Taxes (issue 47 part 2, decision 045), pure: what staff set and what an order keeps
 * of it. Prices include tax, the Ghana default and the only mode: tax is never added at
 * checkout, it is shown inside what the order was charged (tax-lines.ts).
 */
export interface TaxSettings {
  /** The named taxes and their rates, in the order the invoice lists them. None: the shop shows no tax. */
  lines: TaxRate[];
  /** The shop's Taxpayer Identification Number ("C0012345678"), or "" for none. */
  tin: string;
  /**
   * Every destination outside Ghana is zero-rated: an export of goods (VAT Act, 2013 (Act 870):
   * exports are zero-rated). On by default: it changes nothing until tax lines are set.
   */
  zeroRateExports: boolean;
  /** Shipping zones also zero-rated whatever the country (ids of shipping_zones). */
  zeroRatedZoneIds: number[];
}

/** An untaxed shop: no lines, no TIN (nothing pre-filled that would show tax). */
export const defaultTaxSettings: TaxSettings = { lines: [], tin: "", zeroRateExports: true, zeroRatedZoneIds: [] };

export const MAX_TAX_LINES = 8;
export const TAX_NAME_MAX = 40;

/**
 * A Ghana TIN as the Ghana Revenue Authority issues it: 11 characters, a letter (C company, P
 * individual, G government…) then 10 digits; or, for individuals since 2021, the Ghana Card PIN
 * that replaced it ("GHA-123456789-0").
 */
export const TIN_PATTERN = /^(?:[A-Z]\d{10}|GHA-\d{9}-\d)$/;
export const TIN_MESSAGE =
  "Enter the TIN as on your GRA certificate (a letter then 10 digits, e.g. C0012345678) or your Ghana Card PIN (GHA-123456789-0)";

/**
 * "c001 234 5678" → "C0012345678"; "gha 123456789 0" → "GHA-123456789-0": spaces and dashes
 * dropped, letters capitalised, and a Ghana Card PIN written with its dashes, as printed on the card.
 */
export function normaliseTin(text: string): string {
  const compact = text.replace(/[\s-]+/g, "").toUpperCase();
  const card = /^GHA(\d{9})(\d)$/.exec(compact);
  return card ? `GHA-${card[1]}-${card[2]}` : compact;
}

/** Why an order carries no tax: an export (outside Ghana), or a zone staff zero-rated. */
export type ZeroRating = { reason: "export" } | { reason: "zone"; zone: string };

/**
 * The tax settings in force when an order was placed, kept with it (orders.tax_snapshot): the
 * invoice reads these, never today's settings. Null on orders placed before taxes existed.
 */
export interface TaxSnapshot {
  pricesIncludeTax: true;
  lines: TaxRate[];
  /** null: no TIN was set. */
  tin: string | null;
  /** null: taxed as usual. */
  zeroRated: ZeroRating | null;
}

/** Where an order goes, as far as tax is concerned: its country and its shipping zone (none when collected). */
export interface TaxDestination {
  country: string;
  zone: { id: number; name: string } | null;
}

/** Whether a destination is zero-rated, and why: an export first, else a zone staff ticked. */
export function zeroRatingOf(settings: TaxSettings, destination: TaxDestination): ZeroRating | null {
  if (settings.zeroRateExports && destination.country !== HOME_COUNTRY) return { reason: "export" };
  if (destination.zone && settings.zeroRatedZoneIds.includes(destination.zone.id)) return { reason: "zone", zone: destination.zone.name };
  return null;
}

/** What an order placed now to `destination` keeps of the tax settings. */
export function taxSnapshotOf(settings: TaxSettings, destination: TaxDestination): TaxSnapshot {
  return {
    pricesIncludeTax: true,
    lines: settings.lines.map(({ name, basisPoints }) => ({ name, basisPoints })),
    tin: settings.tin || null,
    zeroRated: zeroRatingOf(settings, destination),
  };
}

/** "Zero-rated: export", "Zero-rated: Free zone zone". */
export function zeroRatingText(zeroRated: ZeroRating): string {
  return zeroRated.reason === "export" ? "Zero-rated: export" : `Zero-rated: ${zeroRated.zone} zone`;
}
