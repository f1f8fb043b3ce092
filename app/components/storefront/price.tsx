import { formatMoney } from "~/lib/money";
import { cn } from "~/lib/cn";

/** The price, with the original price struck through when the item is discounted. */
export function Price({
  price,
  originalPrice,
  className,
  size = "md",
}: {
  price: number;
  originalPrice?: number | null;
  className?: string;
  size?: "sm" | "md" | "lg";
}) {
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
        {formatMoney(price)}
      </span>
      {discounted && (
        <s className={cn("text-stone tabular-nums", size === "lg" ? "text-base" : "text-sm")}>
          <span className="sr-only">Original price </span>
          {formatMoney(originalPrice)}
        </s>
      )}
    </p>
  );
}
