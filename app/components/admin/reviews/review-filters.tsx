import { FilterBar, FilterSelect } from "~/components/admin/list/filter-bar";
import { reviewStatusOptions } from "~/modules/reviews/review-filters.schema";

/** Search (?q=: product or author) and status (?status=) of the reviews list. */
export function ReviewFilters() {
  return (
    <FilterBar
      label="Filter reviews"
      submitLabel="Search"
      search={{ id: "reviews-search", label: "Search", placeholder: "Product or author" }}
    >
      <FilterSelect id="reviews-status" label="Status" name="status" options={reviewStatusOptions} className="md:w-56" />
    </FilterBar>
  );
}
