import { Banknote, CircleCheck, Hourglass, ShoppingBag } from "lucide";
import { money } from "~/components/admin/admin-format";
import { count, type Summary } from "~/components/admin/list/summary-cards";
import type { OrderSummary } from "~/modules/orders/order-types";

/**
 * The four cards of docs/product-rules.md. Revenue is in the store currency and counts orders that are not
 * cancelled (paid ones said apart); orders placed in another currency (before the store
 * currency was changed) are never added in: they are named under the figure.
 */
export function orderSummaryCards(summary: OrderSummary, currency: string): Summary[] {
  const inStoreCurrency = summary.revenue.find((r) => r.currency === currency) ?? { currency, total: 0, paid: 0 };
  const others = summary.revenue.filter((r) => r.currency !== currency && r.total > 0);
  const notIncluded = others.map((r) => `${money(r.total, r.currency)} in ${r.currency}`).join(", ");
  return [
    { label: "Total Orders", icon: ShoppingBag, value: count(summary.totalOrders), hint: "All orders, any status" },
    {
      label: "Total Revenue",
      icon: Banknote,
      value: money(inStoreCurrency.total, currency),
      hint: (
        <>
          <p>
            Orders not cancelled, in {currency}; {money(inStoreCurrency.paid, currency)} paid
          </p>
          {others.length > 0 && <p>Not included: {notIncluded}</p>}
        </>
      ),
    },
    { label: "Pending Orders", icon: Hourglass, value: count(summary.pendingOrders), hint: "Orders in processing" },
    { label: "Paid Orders", icon: CircleCheck, value: count(summary.paidOrders), hint: "Payment status paid" },
  ];
}
