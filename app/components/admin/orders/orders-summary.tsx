import { Banknote, CircleCheck, Hourglass, ShoppingBag } from "lucide-react";
import { money } from "~/components/admin/admin-format";
import { SummaryCard } from "~/components/admin/summary-card";
import type { OrderSummary } from "~/modules/orders/order-types";

const count = (n: number) => n.toLocaleString("en-GB");

/**
 * The four cards of docs/product-rules.md. Revenue is in the store currency and counts orders that are not
 * cancelled (paid ones said apart); orders placed in another currency (before the store
 * currency was changed) are never added in: they are named under the figure.
 */
export function OrdersSummary({ summary, currency }: { summary: OrderSummary; currency: string }) {
  const inStoreCurrency = summary.revenue.find((r) => r.currency === currency) ?? { currency, total: 0, paid: 0 };
  const others = summary.revenue.filter((r) => r.currency !== currency && r.total > 0);
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <SummaryCard label="Total Orders" icon={ShoppingBag} value={count(summary.totalOrders)} hint="All orders, any status" />
      <SummaryCard
        label="Total Revenue"
        icon={Banknote}
        value={money(inStoreCurrency.total, currency)}
        hint={
          <>
            <p>
              Orders not cancelled, in {currency}; {money(inStoreCurrency.paid, currency)} paid
            </p>
            {others.length > 0 && <p>Not included: {others.map((r) => `${money(r.total, r.currency)} in ${r.currency}`).join(", ")}</p>}
          </>
        }
      />
      <SummaryCard label="Pending Orders" icon={Hourglass} value={count(summary.pendingOrders)} hint="Orders in processing" />
      <SummaryCard label="Paid Orders" icon={CircleCheck} value={count(summary.paidOrders)} hint="Payment status paid" />
    </div>
  );
}
