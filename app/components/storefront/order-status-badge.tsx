import { cn } from "~/lib/cn";

/** Status colours of the customer screens (docs/product-rules.md §4): processing blue, confirmed green, shipped purple, delivered emerald, cancelled red. */
const orderColours: Record<string, string> = {
  processing: "bg-blue-100 text-blue-900",
  confirmed: "bg-green-100 text-green-900",
  shipped: "bg-purple-100 text-purple-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-red-100 text-red-900",
  // Online and not paid yet: its pieces are held for the payment (customer-order-state.ts).
  held: "bg-amber-100 text-amber-900",
};
const paymentColours: Record<string, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  deposit_paid: "bg-teal-100 text-teal-900",
  paid: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  refunded: "bg-slate-100 text-slate-900",
  partially_refunded: "bg-orange-100 text-orange-900",
};

/** A status as stored ("partially_refunded" → "partially refunded"), or `label` in the status's colours. */
export function StatusBadge({ status, kind = "order", label }: { status: string; kind?: "order" | "payment"; label?: string }) {
  const colours = (kind === "order" ? orderColours : paymentColours)[status] ?? "bg-sand text-charcoal";
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold", !label && "capitalize", colours)}>
      {label ?? status.replaceAll("_", " ")}
    </span>
  );
}
