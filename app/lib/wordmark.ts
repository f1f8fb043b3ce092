/**
 * How big the store name is set where it stands in for a logo (the storefront header and footer,
 * the admin sidebar), by its length: a short name stays on one line at full size; longer ones
 * step down in size and letter-spacing and may take two balanced lines; the longest are set in
 * the case the owner typed (capitals take a third more room). Every name Settings accepts
 * (up to 100 characters) fits in two lines: the classes end in line-clamp-2 as the last resort.
 * Decision 032.
 */
export type WordmarkTier = "full" | "medium" | "small" | "tiny";

/** The longest name of each tier (characters, spaces included); longer names are "tiny". */
export const WORDMARK_TIER_LIMITS = { full: 12, medium: 18, small: 28 } as const;

export function wordmarkTier(name: string): WordmarkTier {
  const length = [...name.trim()].length;
  if (length <= WORDMARK_TIER_LIMITS.full) return "full";
  if (length <= WORDMARK_TIER_LIMITS.medium) return "medium";
  if (length <= WORDMARK_TIER_LIMITS.small) return "small";
  return "tiny";
}

/** Two balanced lines at most, never a word cut in the middle unless it is longer than the line. */
const twoLines = "line-clamp-2 [overflow-wrap:anywhere] text-balance";

/**
 * The storefront header's name. Phone widths leave the name about 150 px beside the menu,
 * search, account and cart buttons; from 1024 px it shares the row with the main navigation,
 * so it never takes more than 15rem there.
 */
export const headerWordmarkClasses: Record<WordmarkTier, string> = {
  full: "text-lg whitespace-nowrap min-[400px]:text-xl sm:text-2xl tracking-[0.08em] uppercase",
  medium: `${twoLines} text-base sm:text-xl tracking-[0.06em] uppercase leading-[1.05]`,
  small: `${twoLines} text-[0.95rem] sm:text-lg tracking-[0.04em] uppercase leading-[1.05] lg:max-w-[15rem]`,
  tiny: `${twoLines} text-[0.95rem] sm:text-lg tracking-[0.01em] leading-[1.05] lg:max-w-[15rem]`,
};

/** The admin sidebar's name (16rem wide, 2.5rem of padding). */
export const sidebarWordmarkClasses: Record<WordmarkTier, string> = {
  full: "text-xl whitespace-nowrap tracking-[0.25em] uppercase",
  medium: `${twoLines} text-lg tracking-[0.12em] uppercase leading-tight`,
  small: `${twoLines} text-base tracking-[0.06em] uppercase leading-tight`,
  tiny: `${twoLines} text-base tracking-[0.02em] leading-tight`,
};

/**
 * The header's and footer's wordmark for a name: worked out where the page is made (the
 * storefront layout) and handed to the header island as data, so the classes of every tier stay
 * out of the JavaScript each page downloads (the product page is near its 100 KB budget).
 */
export interface Wordmark {
  tier: WordmarkTier;
  className: string;
  /** The emblem's: beside a long name on a phone it gives its room to the words. */
  emblem: string;
}
export const headerWordmark = (name: string): Wordmark => {
  const tier = wordmarkTier(name);
  return { tier, className: headerWordmarkClasses[tier], emblem: tier === "small" || tier === "tiny" ? "size-9 max-sm:hidden" : "size-9" };
};

/** Whether the tagline still fits under the name (only under a one-line name). */
export const wordmarkShowsTagline = (tier: WordmarkTier) => tier === "full";
