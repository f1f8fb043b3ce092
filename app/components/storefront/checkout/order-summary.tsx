import type { ReactNode } from "react";
import { ChevronDown } from "lucide";
import { Icon } from "~/components/ui/icon";
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
  discount = 0,
  discountLabel,
  shipping,
  delivery,
  code,
  compact = false,
}: {
  lines: CartLine[];
  subtotal: number;
  /** A discount code's saving on the pieces (issue 47), and its line's words. */
  discount?: number;
  discountLabel?: string;
  shipping: number | null;
  delivery?: ReactNode;
  /** The discount code field, above the totals. */
  code?: ReactNode;
  /** The phone's copy at the top of the checkout (PhoneOrderSummary): lines and totals only, ids of its own. */
  compact?: boolean;
}) {
  const formatMoney = useFormatMoney();
  const id = compact ? "phone-summary" : "summary";
  return (
    <section aria-labelledby={`${id}-heading`} className={compact ? "px-5 pb-5" : "rounded-sm border border-border bg-white/70 p-6"}>
      <h2 id={`${id}-heading`} className={compact ? "sr-only" : "mb-4 text-2xl font-semibold"}>
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
              {!compact && <ApproximatePrice amount={lineTotal({ unitPrice: line.price, quantity: line.quantity })} className="text-xs" />}
            </p>
          </li>
        ))}
      </ul>
      {code && <div className="mt-4 border-t border-border pt-4">{code}</div>}
      <OrderTotals
        subtotal={subtotal}
        discount={discount}
        discountLabel={discountLabel}
        shipping={shipping}
        approximate={!compact}
        testIdPrefix={id}
      />
      {!compact && <ChargeNotice subtotal={subtotal - discount} shipping={shipping} />}
      {delivery && <div className="mt-4 border-t border-border pt-4">{delivery}</div>}
    </section>
  );
}

/**
 * On a phone the summary sits below the form, so the checkout opens with a collapsed one at the
 * top, "Show order summary ₵1,234.00", as shops do. A native <details>: it opens and closes
 * without any script of its own (the checkout's JavaScript budget, decision 004). Hidden from lg up,
 * where the summary stands beside the form.
 */
export function PhoneOrderSummary({
  lines,
  subtotal,
  discount = 0,
  discountLabel,
  shipping,
}: {
  lines: CartLine[];
  subtotal: number;
  discount?: number;
  discountLabel?: string;
  shipping: number | null;
}) {
  const formatMoney = useFormatMoney();
  return (
    <details className="group rounded-sm border border-border bg-white/70 lg:hidden" data-testid="phone-summary">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-1.5 text-sm font-semibold text-forest underline-offset-4 group-hover:underline">
          <span className="group-open:hidden">Show order summary</span>
          <span className="hidden group-open:inline">Hide order summary</span>
          {/* The select's chevron (ui/native-select.tsx): no new icon in the checkout's bundle. */}
          <Icon of={ChevronDown} className="size-4 transition-transform group-open:rotate-180" />
        </span>
        <span className="text-lg font-semibold tabular-nums" data-testid="phone-summary-amount">
          {formatMoney(subtotal - discount + (shipping ?? 0))}
        </span>
      </summary>
      <OrderSummary lines={lines} subtotal={subtotal} discount={discount} discountLabel={discountLabel} shipping={shipping} compact />
    </details>
  );
}
