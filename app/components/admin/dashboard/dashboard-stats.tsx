import { Banknote, Package, ShoppingBag, Users } from "lucide";
import { moneyWithCode } from "~/components/admin/admin-format";
import { count, SummaryCard } from "~/components/admin/list/summary-cards";
import type { DashboardStats } from "~/modules/reports/dashboard-stats.server";

/** docs/product-rules.md's four cards, with live figures. Revenue is shown twice: received and booked. */
export function DashboardStatCards({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard label="Total Products" value={count(stats.totalProducts)} hint="Active products in inventory" icon={Package} />
      <SummaryCard label="Total Orders" value={count(stats.totalOrders)} hint="All time orders" icon={ShoppingBag} />
      <SummaryCard label="Customers" value={count(stats.customers)} hint="Unique customers" icon={Users} />
      <SummaryCard
        label="Revenue"
        value={<span data-testid="revenue-paid">{moneyWithCode(stats.revenue.paid, stats.currency)}</span>}
        icon={Banknote}
        hint={
          <div className="space-y-1">
            <p>Paid orders (money received)</p>
            <p className="border-t border-border pt-1">
              All orders:{" "}
              <span className="font-semibold text-charcoal tabular-nums" data-testid="revenue-all">
                {moneyWithCode(stats.revenue.all, stats.currency)}
              </span>{" "}
              <span className="whitespace-nowrap">(paid or not, cancelled left out)</span>
            </p>
            {stats.otherCurrencies.map((other) => (
              <p key={other.currency}>
                Also {moneyWithCode(other.all, other.currency)} in orders placed in {other.currency} (not converted).
              </p>
            ))}
          </div>
        }
      />
    </div>
  );
}
