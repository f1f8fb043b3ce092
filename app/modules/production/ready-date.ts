import { formatDate, localDay } from "~/lib/dates";

/**
 * When a workshop order should be ready: the day it was placed (in the store's timezone) plus
 * the largest production time of its lines, counted in working days (Monday to Friday), as the
 * product pages promise ("Made for you in 15 working days"). Public holidays are not known to
 * the shop, so the date is an estimate staff can see slipping; the customer reads "expected".
 */

/** "2026-12-24" plus `days` working days; a weekend start counts from the next Monday. */
export function addWorkingDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  let left = Math.max(0, Math.trunc(days));
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date.toISOString().slice(0, 10);
}

/** The expected ready day ("YYYY-MM-DD"), or null when no line says how long it takes. */
export function expectedReadyDay(placedAt: Date | string, productionDays: number | null, timeZone: string): string | null {
  if (productionDays === null || productionDays <= 0) return null;
  return addWorkingDays(localDay(timeZone, placedAt), productionDays);
}

/** "24 Dec 2026" for a calendar day, whatever the reader's zone. */
export function formatCalendarDay(day: string): string {
  return formatDate(`${day}T12:00:00Z`, "UTC");
}

/** Working days from `today` to `day` (negative when `day` has passed); both "YYYY-MM-DD". */
export function workingDaysUntil(today: string, day: string): number {
  if (today === day) return 0;
  const sign = today < day ? 1 : -1;
  const date = new Date(`${sign > 0 ? today : day}T12:00:00Z`);
  const end = sign > 0 ? day : today;
  let count = 0;
  while (date.toISOString().slice(0, 10) < end) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return sign * count;
}
