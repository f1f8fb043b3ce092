import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { useStoreCurrency } from "./use-store-settings";

/**
 * Subtotal, shipping ("Free" at zero) and total; the total can carry the currency code. An
 * order's totals are in its own recorded currency; a cart's in the store currency. Shipping is
 * null while the destination is not chosen: the total is then the subtotal "+ shipping".
 */
export function OrderTotals({
  subtotal,
  shipping,
  currency: orderCurrency,
  totalWithCode = false,
  testIdPrefix,
}: {
  subtotal: number;
  shipping: number | null;
  currency?: CurrencyCode;
  totalWithCode?: boolean;
  testIdPrefix: string;
}) {
  const storeCurrency = useStoreCurrency();
  const currency = orderCurrency ?? storeCurrency;
  const total = subtotal + (shipping ?? 0);
  return (
    <dl className="mt-4 space-y-2 border-t border-border pt-4 text-sm">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd className="tabular-nums" data-testid={`${testIdPrefix}-subtotal`}>
          {formatMoney(subtotal, currency)}
        </dd>
      </div>
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd className="tabular-nums" data-testid={`${testIdPrefix}-shipping`}>
          {shipping === null ? "—" : shipping === 0 ? "Free" : formatMoney(shipping, currency)}
        </dd>
      </div>
      <div className="flex justify-between border-t border-border pt-3 text-lg font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid={`${testIdPrefix}-total`}>
          {totalWithCode ? formatMoneyWithCode(total, currency) : formatMoney(total, currency)}
          {shipping === null && " + shipping"}
        </dd>
      </div>
    </dl>
  );
}
