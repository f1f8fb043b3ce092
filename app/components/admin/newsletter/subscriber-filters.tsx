import { FilterBar, FilterSelect } from "~/components/admin/list/filter-bar";
import { subscriberStatusOptions } from "~/modules/newsletter/subscribers.schema";

/** Search by email (?q=, applied as it is typed) and status (?status=) of the newsletter list. */
export function SubscriberFilters() {
  return (
    <FilterBar
      label="Filter subscribers"
      live
      search={{ id: "subscribers-search", label: "Search by email", hideLabel: true, placeholder: "Search by email" }}
    >
      <FilterSelect
        id="subscribers-status"
        label="Status"
        hideLabel
        name="status"
        defaultValue="all"
        options={subscriberStatusOptions}
        className="md:w-56"
      />
    </FilterBar>
  );
}
