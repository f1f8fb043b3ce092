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

/** 2_400_000 → "2.4 MB": a file's size in decimal units (as operating systems' file managers show it), one decimal above 1 kB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
