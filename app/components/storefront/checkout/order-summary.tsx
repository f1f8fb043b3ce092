import type { ReactNode } from "react";
import { lineTotal } from "~/modules/pricing/order-totals";
import type { CartLine } from "~/modules/cart/cart";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { MadeToMeasureLine } from "~/components/measurements/made-to-measure-line";
import { ApproximatePrice } from "../approximate-price";
import { OrderTotals } from "../order-totals";
import { useFormatMoney } from "../use-store-settings";
import { ChargeNotice } from "./charge-notice";

/**
 * Lines, subtotal, shipping and total as the shopper will be charged (the server recomputes them),
 * each with its approximate amount in the shopper's currency and a plain word on what is charged.
 * Shipping is null until the destination is known; `delivery` says where and how long.
 */
export function OrderSummary({
  lines,
  subtotal,
  shipping,
  delivery,
}: {
  lines: CartLine[];
  subtotal: number;
  shipping: number | null;
  delivery?: ReactNode;
}) {
  const formatMoney = useFormatMoney();
  return (
    <section aria-labelledby="summary-heading" className="rounded-sm border border-border bg-white/70 p-6">
      <h2 id="summary-heading" className="mb-4 text-2xl font-semibold">
        Order Summary
      </h2>
      <ul className="divide-y divide-border">
        {lines.map((line) => (
          <li key={line.key} className="flex gap-4 py-4">
            <ProductThumbnail base={line.image} width={64} className="h-20 w-16" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{line.name}</p>
              <p className="text-xs text-stone">
                {[line.color, line.size && `Size ${line.size}`, `Qty ${line.quantity}`].filter(Boolean).join(" · ")}
              </p>
              {line.madeToMeasure && (
                <MadeToMeasureLine
                  line={line.madeToMeasure}
                  surcharge={line.madeToMeasure.surcharge > 0 ? formatMoney(line.madeToMeasure.surcharge) : null}
                />
              )}
            </div>
            <p className="flex flex-col items-end text-right">
              <span className="font-semibold tabular-nums">
                {formatMoney(lineTotal({ unitPrice: line.price, quantity: line.quantity }))}
              </span>
              <ApproximatePrice amount={lineTotal({ unitPrice: line.price, quantity: line.quantity })} className="text-xs" />
            </p>
          </li>
        ))}
      </ul>
      <OrderTotals subtotal={subtotal} shipping={shipping} approximate testIdPrefix="summary" />
      <ChargeNotice subtotal={subtotal} shipping={shipping} />
      {delivery && <div className="mt-4 border-t border-border pt-4">{delivery}</div>}
    </section>
  );
}
