import { Search } from "lucide-react";
import { Form } from "react-router";
import { FilterSelect } from "~/components/admin/filter-select";
import { useFilterSubmit } from "~/components/admin/use-filter-submit";
import { statusLabel } from "~/components/admin/admin-status-badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MIN_ORDER_SEARCH_LENGTH } from "~/modules/admin-orders/admin-orders.filters";
import { orderStatuses, paymentStatuses } from "~/modules/orders/orders.constants";

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
      <div className="grid gap-1.5">
        <Label htmlFor="orders-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone" aria-hidden />
          <Input
            // A new key when the URL changes (back button) shows the URL's search again.
            key={search}
            id="orders-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder="Order number, name, email or phone"
            aria-describedby="orders-search-hint"
            aria-invalid={searchTooShort || undefined}
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="orders-status">Order status</Label>
        <FilterSelect
          key={status}
          id="orders-status"
          name="status"
          defaultValue={status}
          onChange={(e) => submitForm(e.currentTarget.form)}
        >
          <option value="">All statuses</option>
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="orders-payment">Payment status</Label>
        <FilterSelect
          key={payment}
          id="orders-payment"
          name="payment"
          defaultValue={payment}
          onChange={(e) => submitForm(e.currentTarget.form)}
        >
          <option value="">All payments</option>
          {paymentStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </FilterSelect>
      </div>
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
