import { FilterBar, FilterSelect } from "~/components/admin/list/filter-bar";
import { discountStatusOptions } from "~/modules/discounts/discount-list.schema";

/** Search by code (?q=, applied as it is typed) and status (?status=). */
export function DiscountFilters() {
  return (
    <FilterBar
      label="Filter discount codes"
      live
      search={{ id: "discounts-search", label: "Search codes", hideLabel: true, placeholder: "Search codes" }}
    >
      <FilterSelect
        id="discounts-status"
        label="Status"
        hideLabel
        name="status"
        defaultValue="all"
        options={discountStatusOptions}
        className="md:w-56"
      />
    </FilterBar>
  );
}
