import { formatMoney, type CurrencyCode } from "~/lib/money";
import { useStoreCurrency } from "./use-store-settings";
import { cn } from "~/lib/cn";
import { ApproximatePrice } from "./approximate-price";

/**
 * The price in the store currency (or the one given), the original struck through when the item
 * is discounted. A store price carries the shopper's approximate amount ("≈ $24.60"); an order's
 * price in its own recorded currency does not (today's rate says nothing about a past order).
 */
export function Price({
  price,
  originalPrice,
  className,
  size = "md",
  currency,
}: {
  price: number;
  originalPrice?: number | null;
  className?: string;
  size?: "sm" | "md" | "lg";
  /** An order's own currency; the store currency when not given. */
  currency?: CurrencyCode;
}) {
  const storeCurrency = useStoreCurrency();
  const shownIn = currency ?? storeCurrency;
  const discounted = originalPrice != null && originalPrice > price;
  return (
    <p className={cn("flex flex-wrap items-baseline gap-x-2", className)}>
      <span
        className={cn(
          "font-semibold text-charcoal tabular-nums",
          size === "lg" ? "text-2xl" : size === "sm" ? "text-sm" : "text-base",
          discounted && "text-terracotta",
        )}
      >
        {discounted && <span className="sr-only">Sale price </span>}
        {formatMoney(price, shownIn)}
      </span>
      {discounted && (
        <s className={cn("text-stone tabular-nums", size === "lg" ? "text-base" : "text-sm")}>
          <span className="sr-only">Original price </span>
          {formatMoney(originalPrice, shownIn)}
        </s>
      )}
      {currency === undefined && <ApproximatePrice amount={price} className={cn(size === "lg" && "text-base")} />}
    </p>
  );
}
