import { Form } from "react-router";
import { statusLabel } from "~/components/admin/admin-status-badge";
import { FilterSearchField, FilterSelectField } from "~/components/admin/filter-fields";
import { useFilterSubmit } from "~/components/admin/use-filter-submit";
import { Button } from "~/components/ui/button";
import { MIN_ORDER_SEARCH_LENGTH } from "~/modules/orders/order-filters.schema";
import { orderStatuses, paymentStatuses } from "~/modules/orders/order-constants";

/**
 * Search, status and payment filters of the orders table: a GET form, so they live in the URL
 * (?q=&status=&payment=) and the back button returns to the previous filter. Changing a filter
 * starts again at page 1 (the form carries no page).
 */
export function OrdersFilters({
  search,
  status,
  payment,
  searchTooShort,
}: {
  search: string;
  status: string;
  payment: string;
  searchTooShort: boolean;
}) {
  const submitForm = useFilterSubmit();
  return (
    <Form
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        submitForm(e.currentTarget);
      }}
      role="search"
      aria-label="Orders"
      className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_11rem_11rem_auto] md:items-end"
    >
      <FilterSearchField
        id="orders-search"
        value={search}
        placeholder="Order number, name, email or phone"
        aria-describedby="orders-search-hint"
        aria-invalid={searchTooShort || undefined}
      />
      <FilterSelectField id="orders-status" label="Order status" name="status" value={status} onApply={submitForm}>
        <option value="">All statuses</option>
        {orderStatuses.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </FilterSelectField>
      <FilterSelectField id="orders-payment" label="Payment status" name="payment" value={payment} onApply={submitForm}>
        <option value="">All payments</option>
        {paymentStatuses.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </FilterSelectField>
      <Button type="submit">Search</Button>
      <p
        id="orders-search-hint"
        className={searchTooShort ? "text-sm font-medium text-terracotta md:col-span-4" : "text-xs text-stone md:col-span-4"}
      >
        {searchTooShort
          ? `Type at least ${MIN_ORDER_SEARCH_LENGTH} characters to search, or a whole order number such as ORD-123456.`
          : "Matches anywhere in the order number, customer name, email or phone."}
      </p>
    </Form>
  );
}
