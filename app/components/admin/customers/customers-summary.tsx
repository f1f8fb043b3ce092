import { Banknote, Repeat, Users, WalletCards } from "lucide-react";
import { money } from "~/components/admin/admin-format";
import { SummaryCard } from "~/components/admin/summary-card";
import type { CustomerSummary } from "~/modules/customers/customers.server";

const count = (n: number) => n.toLocaleString("en-GB");

/** The four cards of docs/product-rules.md, over every customer (not only the ones a search finds). */
export function CustomersSummary({ summary }: { summary: CustomerSummary }) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <SummaryCard label="Total Customers" icon={Users} value={count(summary.totalCustomers)} hint="Everyone who has placed an order" />
      <SummaryCard
        label="Total Revenue"
        icon={Banknote}
        value={money(summary.totalRevenue, summary.currency)}
        hint={`Orders not cancelled, in ${summary.currency}`}
      />
      <SummaryCard
        label="Avg Order Value"
        icon={WalletCards}
        value={money(summary.averageOrderValue, summary.currency)}
        hint="Per order not cancelled"
      />
      <SummaryCard label="Repeat Customers" icon={Repeat} value={count(summary.repeatCustomers)} hint="More than 1 order not cancelled" />
    </div>
  );
}
