import { groupDigits } from "./numbers";

/**
 * Money is integer pesewas everywhere (1 GHS = 100 pesewas). Floats never hold money:
 * parsing and formatting work on the digits.
 */
export type CurrencyCode = "GHS" | "USD" | "EUR";

export const currencySymbols: Record<CurrencyCode, string> = { GHS: "₵", USD: "$", EUR: "€" };

/** 123456 -> "₵1,234.56" */
export function formatMoney(pesewas: number, currency: CurrencyCode = "GHS"): string {
  if (!Number.isSafeInteger(pesewas)) throw new RangeError(`Not an amount in pesewas: ${pesewas}`);
  const sign = pesewas < 0 ? "-" : "";
  const abs = Math.abs(pesewas);
  const whole = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, "0");
  return `${sign}${currencySymbols[currency]}${groupDigits(whole)}.${fraction}`;
}

/** 50000 -> "₵500", 7550 -> "₵75.50": whole amounts without ".00", for figures in running text. */
export function formatMoneyBrief(pesewas: number, currency: CurrencyCode = "GHS"): string {
  const text = formatMoney(pesewas, currency);
  return pesewas % 100 === 0 ? text.slice(0, -3) : text;
}

/** 123456 -> "GHS 1,234.56" (order totals show the currency code). */
export function formatMoneyWithCode(pesewas: number, currency: CurrencyCode = "GHS"): string {
  return `${currency} ${formatMoney(pesewas, currency).slice(currencySymbols[currency].length)}`;
}

/** 123456 -> "1234.56", the plain decimal used in structured data and form fields. */
export function toDecimalString(pesewas: number): string {
  const sign = pesewas < 0 ? "-" : "";
  const abs = Math.abs(pesewas);
  return `${sign}${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, "0")}`;
}

/**
 * "1,234.5" -> 123450. Accepts at most two decimals; returns null for anything that is not
 * a plain non-negative amount, so callers can show their own message.
 */
export function parseMoney(input: string | number): number | null {
  const text = String(input).trim().replace(/,/g, "");
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** Line total: unit price × quantity, exact in pesewas. */
export function multiplyMoney(pesewas: number, quantity: number): number {
  const total = pesewas * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError("Amount too large");
  return total;
}

/** The rounded share of (original − price) over original, as docs/product-rules.md defines the badge. */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (!originalPrice || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
