import { currencySymbols, formatMoney, formatMoneyWithCode, toDecimalString, type CurrencyCode } from "~/lib/money";

/**
 * Formatting for admin tables: dates in the store's timezone (Settings) and amounts in an
 * order's own currency. Dates are assembled from numeric parts with our own month names, so
 * the server and the browser print exactly the same text (no hydration mismatch from ICU
 * differences such as "Sep" / "Sept").
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(iso: string, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return {
    day: Number(parts.day),
    month: MONTHS[Number(parts.month) - 1] ?? "",
    year: parts.year ?? "",
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** "12 Mar 2026" */
export function formatAdminDate(iso: string, timeZone: string): string {
  const p = partsIn(iso, timeZone);
  return `${p.day} ${p.month} ${p.year}`;
}

/** "14:05" */
export function formatAdminTime(iso: string, timeZone: string): string {
  return partsIn(iso, timeZone).time;
}

/** "12 Mar 2026, 14:05" */
export function formatAdminDateTime(iso: string, timeZone: string): string {
  const p = partsIn(iso, timeZone);
  return `${p.day} ${p.month} ${p.year}, ${p.time}`;
}

const isCurrencyCode = (code: string): code is CurrencyCode => code in currencySymbols;

/** "GHS 1,234.56"; a currency the shop does not know still shows its code and amount. */
export function moneyWithCode(pesewas: number, currency: string): string {
  return isCurrencyCode(currency) ? formatMoneyWithCode(pesewas, currency) : `${currency} ${toDecimalString(pesewas)}`;
}

/** "₵1,234.56" (symbol of the given currency). */
export function money(pesewas: number, currency: string): string {
  return isCurrencyCode(currency) ? formatMoney(pesewas, currency) : `${currency} ${toDecimalString(pesewas)}`;
}
