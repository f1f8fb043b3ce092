import { Form } from "react-router";
import { FilterSearchField, FilterSelectField } from "~/components/admin/filter-fields";
import { useFilterSubmit } from "~/components/admin/use-filter-submit";
import { Button } from "~/components/ui/button";
import type { CustomerSort } from "~/modules/customers/customers.schema";

const sortLabels: Record<CustomerSort, string> = {
  recent: "Most recent order",
  spent: "Total spent",
  orders: "Most orders",
  name: "Name (A–Z)",
};

/** Search (name, email or phone) and sort of the customers table, as a GET form: both live in the URL. */
export function CustomersFilters({ search, sort }: { search: string; sort: CustomerSort }) {
  const submitForm = useFilterSubmit();
  return (
    <Form
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        submitForm(e.currentTarget);
      }}
      role="search"
      aria-label="Customers"
      className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_13rem_auto] md:items-end"
    >
      <FilterSearchField id="customers-search" value={search} placeholder="Name, email or phone" />
      <FilterSelectField id="customers-sort" label="Sort by" name="sort" value={sort} onApply={submitForm}>
        {Object.entries(sortLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FilterSelectField>
      <Button type="submit">Search</Button>
    </Form>
  );
}
