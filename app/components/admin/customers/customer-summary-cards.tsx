import { Banknote, Repeat, Users, WalletCards } from "lucide";
import { money } from "~/components/admin/admin-format";
import { count, type Summary } from "~/components/admin/list/summary-cards";
import type { CustomerSummary } from "~/modules/customers/customers.server";

/** The four cards of docs/product-rules.md, over every customer (not only the ones a search finds). */
export const customerSummaryCards = (summary: CustomerSummary): Summary[] => [
  { label: "Total Customers", icon: Users, value: count(summary.totalCustomers), hint: "Everyone who has placed an order" },
  {
    label: "Total Revenue",
    icon: Banknote,
    value: money(summary.totalRevenue, summary.currency),
    hint: `Net in ${summary.currency}: paid minus refunded`,
  },
  {
    label: "Avg Order Value",
    icon: WalletCards,
    value: money(summary.averageOrderValue, summary.currency),
    hint: "Net per paid order",
  },
  { label: "Repeat Customers", icon: Repeat, value: count(summary.repeatCustomers), hint: "More than 1 order not cancelled" },
];
