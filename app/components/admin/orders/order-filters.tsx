import { statusLabel } from "~/components/admin/admin-status-badge";
import { FilterBar, FilterSelect } from "~/components/admin/list/filter-bar";
import { MIN_ORDER_SEARCH_LENGTH } from "~/modules/orders/order-filters.schema";
import { orderStatuses, paymentStatuses } from "~/modules/orders/order-constants";
import { productionStepLabel, productionSteps } from "~/modules/production/production-steps";

const options = (all: string, values: readonly string[]) => [["", all] as const, ...values.map((v) => [v, statusLabel(v)] as const)];

/**
 * Search (?q=), order status (?status=), payment (?payment=), view (?view=cash-to-collect) and the
 * workshop's step of made-to-measure and custom orders (?production=) of the orders list.
 */
export function OrderFilters({ searchTooShort }: { searchTooShort: boolean }) {
  return (
    <FilterBar
      label="Filter orders"
      submitLabel="Search"
      search={{
        id: "orders-search",
        label: "Search",
        placeholder: "Order number, name, email or phone",
        invalid: searchTooShort,
        hint: searchTooShort
          ? `Type at least ${MIN_ORDER_SEARCH_LENGTH} characters to search, or a whole order number such as ORD-123456.`
          : "Matches anywhere in the order number, customer name, email or phone.",
      }}
    >
      <FilterSelect id="orders-status" label="Order status" name="status" options={options("All statuses", orderStatuses)} />
      <FilterSelect id="orders-payment" label="Payment status" name="payment" options={options("All payments", paymentStatuses)} />
      <FilterSelect
        id="orders-production"
        label="Production"
        name="production"
        options={[
          ["", "Any production"],
          ["not-started", "Not started"],
          ...productionSteps.map((s) => [s, productionStepLabel(s)] as const),
        ]}
      />
      <FilterSelect
        id="orders-view"
        label="View"
        name="view"
        options={[
          ["", "All orders"],
          ["cash-to-collect", "Cash to collect"],
        ]}
      />
    </FilterBar>
  );
}
