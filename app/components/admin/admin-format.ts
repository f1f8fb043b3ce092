import { currencySymbols, formatMoney, formatMoneyWithCode, toDecimalString, type CurrencyCode } from "~/lib/money";

/** Amounts in an order's own currency, for admin tables (dates: ~/lib/dates). */
const isCurrencyCode = (code: string): code is CurrencyCode => code in currencySymbols;

/** "GHS 1,234.56"; a currency the shop does not know still shows its code and amount. */
export function moneyWithCode(pesewas: number, currency: string): string {
  return isCurrencyCode(currency) ? formatMoneyWithCode(pesewas, currency) : `${currency} ${toDecimalString(pesewas)}`;
}

/** "₵1,234.56" (symbol of the given currency). */
export function money(pesewas: number, currency: string): string {
  return isCurrencyCode(currency) ? formatMoney(pesewas, currency) : `${currency} ${toDecimalString(pesewas)}`;
}
