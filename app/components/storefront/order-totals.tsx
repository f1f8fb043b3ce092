import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { ApproximatePrice } from "./approximate-price";
import { useStoreCurrency } from "./use-store-settings";

/**
 * Subtotal, shipping ("Free" at zero) and total; the total can carry the currency code. An
 * order's totals are in its own recorded currency; a cart's in the store currency, and only a
 * cart's carry the shopper's approximate amounts (`approximate`). Shipping is null while the
 * destination is not chosen: the total is then the subtotal "+ shipping".
 */
/**
 * The store amount at the right edge, so the column's figures line up; the approximation (when
 * shown) to its left, read after it, and under it when the line is too narrow.
 */
const amountCell = "flex flex-row-reverse flex-wrap items-baseline gap-x-2 text-right tabular-nums";

export function OrderTotals({
  subtotal,
  discount = 0,
  discountLabel = "Discount",
  shippingLabel = "Shipping",
  shipping,
  currency: orderCurrency,
  totalWithCode = false,
  approximate = false,
  testIdPrefix,
}: {
  subtotal: number;
  /** Staff's discount on an order they took (issue 46), or a discount code's (issue 47). */
  discount?: number;
  /** "Discount (WELCOME15)" when a code gave it. */
  discountLabel?: string;
  /** "Shipping (FREESHIP)" when a free-shipping code waived the fee. */
  shippingLabel?: string;
  shipping: number | null;
  currency?: CurrencyCode;
  totalWithCode?: boolean;
  approximate?: boolean;
  testIdPrefix: string;
}) {
  const storeCurrency = useStoreCurrency();
  const currency = orderCurrency ?? storeCurrency;
  const total = subtotal - discount + (shipping ?? 0);
  return (
    <dl className="mt-4 space-y-2 border-t border-border pt-4 text-sm">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd className={amountCell}>
          <span data-testid={`${testIdPrefix}-subtotal`}>{formatMoney(subtotal, currency)}</span>
          {approximate && <ApproximatePrice amount={subtotal} className="text-xs" />}
        </dd>
      </div>
      {discount > 0 && (
        <div className="flex justify-between">
          <dt>{discountLabel}</dt>
          <dd className={amountCell}>
            <span data-testid={`${testIdPrefix}-discount`}>−{formatMoney(discount, currency)}</span>
          </dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>{shippingLabel}</dt>
        <dd className={amountCell}>
          <span data-testid={`${testIdPrefix}-shipping`}>
            {shipping === null ? "—" : shipping === 0 ? "Free" : formatMoney(shipping, currency)}
          </span>
          {approximate && shipping !== null && shipping > 0 && <ApproximatePrice amount={shipping} className="text-xs" />}
        </dd>
      </div>
      <div className="flex justify-between border-t border-border pt-3 text-lg font-semibold">
        <dt>Total</dt>
        <dd className={amountCell}>
          <span data-testid={`${testIdPrefix}-total`}>
            {totalWithCode ? formatMoneyWithCode(total, currency) : formatMoney(total, currency)}
            {shipping === null && " + shipping"}
          </span>
          {approximate && shipping !== null && <ApproximatePrice amount={total} />}
        </dd>
      </div>
    </dl>
  );
}
