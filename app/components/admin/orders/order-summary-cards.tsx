import { Banknote, CircleCheck, Hourglass, ShoppingBag } from "lucide";
import { money } from "~/components/admin/admin-format";
import { count, type Summary } from "~/components/admin/list/summary-cards";
import type { OrderSummary } from "~/modules/orders/order-types";

/**
 * The four cards of docs/product-rules.md. Revenue is the payment ledger's net in the store currency
 * (paid minus refunded), with paid, refunded and outstanding under it; orders placed in another
 * currency (before the store currency was changed) are never added in: they are named under the figure.
 */
export function orderSummaryCards(summary: OrderSummary, currency: string): Summary[] {
  const inStoreCurrency = summary.revenue.find((r) => r.currency === currency) ?? {
    currency,
    paid: 0,
    refunded: 0,
    net: 0,
    outstanding: 0,
  };
  const others = summary.revenue.filter((r) => r.currency !== currency && (r.net !== 0 || r.outstanding > 0));
  const notIncluded = others.map((r) => `${money(r.net, r.currency)} net in ${r.currency}`).join(", ");
  return [
    { label: "Total Orders", icon: ShoppingBag, value: count(summary.totalOrders), hint: "All orders, any status" },
    {
      label: "Total Revenue",
      icon: Banknote,
      value: money(inStoreCurrency.net, currency),
      hint: (
        <>
          <p>
            Net in {currency}: {money(inStoreCurrency.paid, currency)} paid − {money(inStoreCurrency.refunded, currency)} refunded
          </p>
          <p>{money(inStoreCurrency.outstanding, currency)} outstanding (not paid yet)</p>
          {others.length > 0 && <p>Not included: {notIncluded}</p>}
        </>
      ),
    },
    { label: "Pending Orders", icon: Hourglass, value: count(summary.pendingOrders), hint: "Orders in processing" },
    { label: "Paid Orders", icon: CircleCheck, value: count(summary.paidOrders), hint: "Paid or partly refunded" },
  ];
}
