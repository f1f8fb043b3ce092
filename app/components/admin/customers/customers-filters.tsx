import { Search } from "lucide-react";
import { Form } from "react-router";
import { FilterSelect } from "~/components/admin/filter-select";
import { useFilterSubmit } from "~/components/admin/use-filter-submit";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CustomerSort } from "~/modules/admin-customers/customers.schema";

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
      <div className="grid gap-1.5">
        <Label htmlFor="customers-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone" aria-hidden />
          <Input
            key={search}
            id="customers-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder="Name, email or phone"
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="customers-sort">Sort by</Label>
        <FilterSelect key={sort} id="customers-sort" name="sort" defaultValue={sort} onChange={(e) => submitForm(e.currentTarget.form)}>
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FilterSelect>
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}
