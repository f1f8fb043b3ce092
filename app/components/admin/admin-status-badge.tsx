import { cn } from "~/lib/cn";

/**
 * Order and payment status colours of the admin screens (docs/product-rules.md §4 ADMIN): processing yellow,
 * confirmed blue, shipped purple, delivered green, cancelled red; payment pending yellow, paid
 * green, deposit paid teal, failed red, refunded slate, partially refunded orange; anything else neutral. (The customer's tracking screen uses other colours:
 * components/storefront/order-status-badge.tsx.)
 */
export const adminOrderStatusColours: Record<string, string> = {
  processing: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  confirmed: "bg-blue-100 text-blue-900 ring-blue-300",
  shipped: "bg-purple-100 text-purple-900 ring-purple-300",
  delivered: "bg-green-100 text-green-900 ring-green-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
};

export const adminPaymentStatusColours: Record<string, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  deposit_paid: "bg-teal-100 text-teal-900 ring-teal-300",
  paid: "bg-green-100 text-green-900 ring-green-300",
  failed: "bg-red-100 text-red-900 ring-red-300",
  refunded: "bg-slate-100 text-slate-900 ring-slate-300",
  partially_refunded: "bg-orange-100 text-orange-900 ring-orange-300",
};

const neutral = "bg-sand text-charcoal ring-sand-deep";

export function adminStatusColours(kind: "order" | "payment", status: string): string {
  return (kind === "order" ? adminOrderStatusColours : adminPaymentStatusColours)[status] ?? neutral;
}

/** Saturated dots for the options of the inline selects. */
const dots: Record<string, string> = {
  processing: "bg-yellow-400",
  confirmed: "bg-blue-500",
  shipped: "bg-purple-500",
  delivered: "bg-green-600",
  cancelled: "bg-red-600",
  pending: "bg-yellow-400",
  deposit_paid: "bg-teal-600",
  paid: "bg-green-600",
  failed: "bg-red-600",
  refunded: "bg-slate-500",
  partially_refunded: "bg-orange-500",
};

export const adminStatusDot = (status: string) => dots[status] ?? "bg-stone";

/** "processing" -> "Processing", "partially_refunded" -> "Partially refunded" */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");

export function AdminStatusBadge({
  status,
  kind = "order",
  className,
}: {
  status: string;
  kind?: "order" | "payment";
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        adminStatusColours(kind, status),
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
