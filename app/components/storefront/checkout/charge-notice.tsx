import { formatMoney } from "~/lib/money";
import { displayCurrencyPluralNames } from "~/modules/currency/exchange-rates";
import { useApproximateCurrency } from "../shopper-currency";

/**
 * With approximate amounts on show, checkout says plainly what is charged: the exact total in the
 * store currency, and that the other amounts are approximate at the rate staff set (and when).
 * Nothing shows when the shopper reads prices in the store currency. Until the destination is
 * chosen the shipping is unknown, and the notice says the total will include it.
 */
export function ChargeNotice({ subtotal, shipping }: { subtotal: number; shipping: number | null }) {
  const approximate = useApproximateCurrency();
  if (!approximate) return null;
  const { storeCurrency, currency, rate } = approximate;
  return (
    <p
      className="mt-4 rounded-sm border border-gold/40 bg-sand/50 px-4 py-3 text-sm leading-relaxed text-charcoal"
      data-testid="charge-notice"
    >
      You will be charged{" "}
      <strong className="font-semibold whitespace-nowrap tabular-nums">
        {formatMoney(subtotal + (shipping ?? 0), storeCurrency)} ({storeCurrency})
      </strong>
      {shipping === null ? " plus shipping to the destination you choose" : ", the exact amount above"}. Amounts in{" "}
      {displayCurrencyPluralNames[currency]} are approximate, at the rate our team set on {rate.setOn}.
    </p>
  );
}
