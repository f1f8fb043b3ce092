import { Banknote, Package, ShoppingBag, Users } from "lucide";
import { moneyWithCode } from "~/components/admin/admin-format";
import { count, SummaryCard } from "~/components/admin/list/summary-cards";
import type { DashboardStats } from "~/modules/reports/dashboard-stats.server";

/** docs/product-rules.md's four cards, with live figures. Revenue is the payment ledger's: net, with paid, refunded and outstanding. */
export function DashboardStatCards({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard label="Total Products" value={count(stats.totalProducts)} hint="Active products in inventory" icon={Package} />
      <SummaryCard label="Total Orders" value={count(stats.totalOrders)} hint="All time orders" icon={ShoppingBag} />
      <SummaryCard label="Customers" value={count(stats.customers)} hint="Unique customers" icon={Users} />
      <SummaryCard
        label="Revenue"
        value={<span data-testid="revenue-net">{moneyWithCode(stats.revenue.net, stats.currency)}</span>}
        icon={Banknote}
        hint={
          <div className="space-y-1">
            <p>Net: money received, minus refunds</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 border-t border-border pt-1 tabular-nums">
              <dt>Paid</dt>
              <dd className="text-right font-semibold text-charcoal" data-testid="revenue-paid">
                {moneyWithCode(stats.revenue.paid, stats.currency)}
              </dd>
              <dt>Refunded</dt>
              <dd className="text-right font-semibold text-charcoal" data-testid="revenue-refunded">
                {moneyWithCode(stats.revenue.refunded, stats.currency)}
              </dd>
              <dt>Outstanding</dt>
              <dd className="text-right font-semibold text-charcoal" data-testid="revenue-outstanding">
                {moneyWithCode(stats.revenue.outstanding, stats.currency)}
              </dd>
            </dl>
            <p>Outstanding: orders not paid yet (cash on delivery to collect), cancelled left out.</p>
            {stats.otherCurrencies.map((other) => (
              <p key={other.currency}>
                Also {moneyWithCode(other.net, other.currency)} net in orders placed in {other.currency} (not converted).
              </p>
            ))}
          </div>
        }
      />
    </div>
  );
}
