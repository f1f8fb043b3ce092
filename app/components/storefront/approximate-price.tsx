import { cn } from "~/lib/cn";
import { formatApproximate } from "~/modules/currency/exchange-rates";
import { useApproximateCurrency } from "./shopper-currency";

/**
 * "≈ $24.60" beside a store price, in the shopper's currency (shopper-currency.ts). It renders
 * only in the browser once the rates have arrived, never on the server, so cached pages stay
 * the same for everyone and hydrate without a mismatch. Screen readers hear "approximately
 * $24.60". Display only: the store price beside it is what is charged.
 */
export function ApproximatePrice({ amount, className }: { amount: number; className?: string }) {
  const approximate = useApproximateCurrency();
  if (!approximate) return null;
  const text = formatApproximate(amount, approximate.currency, approximate.rate.rate);
  return (
    <span className={cn("text-sm font-normal whitespace-nowrap text-stone tabular-nums", className)} data-testid="approximate-price">
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{text.replace("≈", " approximately")}</span>
    </span>
  );
}
