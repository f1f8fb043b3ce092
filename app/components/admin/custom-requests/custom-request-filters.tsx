import { FilterBar, FilterSelect } from "~/components/admin/list/filter-bar";
import { customRequestStatusOptions } from "~/modules/custom-requests/custom-request-filters.schema";

/** Search (?q=: name, email or reference) and status (?status=) of the custom requests list. */
export function CustomRequestFilters() {
  return (
    <FilterBar
      label="Filter custom requests"
      submitLabel="Search"
      search={{ id: "custom-requests-search", label: "Search", placeholder: "Name, email or CR- reference" }}
    >
      <FilterSelect id="custom-requests-status" label="Status" name="status" options={customRequestStatusOptions} className="md:w-56" />
    </FilterBar>
  );
}
