/**
 * Numbers written the way the shop writes them ("1,234,567"), without Intl: the browser's first
 * Intl object costs 40–60 ms of a phone's main thread (ICU starting up), and every storefront
 * page would pay it for a thousands separator.
 */

/** "1234567" → "1,234,567": commas between groups of three digits. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 1234 → "1,234" (a count: a whole number). */
export function formatCount(count: number): string {
  return count < 0 ? `-${groupDigits(String(-count))}` : groupDigits(String(count));
}
