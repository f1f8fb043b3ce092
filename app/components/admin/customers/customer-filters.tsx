import { FilterBar, FilterSelect } from "~/components/admin/list/filter-bar";
import { customerSortOptions } from "~/modules/customers/customers.schema";

/** Search (?q=: name, email or phone) and sort (?sort=) of the customers list. */
export function CustomerFilters() {
  return (
    <FilterBar
      label="Filter customers"
      submitLabel="Search"
      search={{ id: "customers-search", label: "Search", placeholder: "Name, email or phone" }}
    >
      <FilterSelect
        id="customers-sort"
        label="Sort by"
        name="sort"
        options={customerSortOptions}
        defaultValue="recent"
        className="md:w-52"
      />
    </FilterBar>
  );
}
