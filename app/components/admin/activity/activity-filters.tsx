import { X } from "lucide";
import { Link, useLocation } from "react-router";
import { FilterBar, FilterDate, FilterSelect } from "~/components/admin/list/filter-bar";
import { filtersOf } from "~/components/admin/list/list-url";
import { Icon } from "~/components/ui/icon";
import { ACTIVITY_AREAS } from "~/modules/activity/activity-kinds";
import { ACTIVITY_PARAMS as P } from "~/modules/activity/activity-params";

export interface ActivityFilterChoices {
  people: { id: string; name: string }[];
  /** The product or order whose own history the page shows (?product= or ?order=), by name. */
  record: { param: typeof P.product | typeof P.order; id: string; name: string } | null;
}

/**
 * Person (?person=), kind (?kind=, the log's areas) and days (?from=, ?to=, in the store's time
 * zone) of the activity log; a product's or an order's history (?product=, ?order=) is named
 * above them and kept while the others change.
 */
export function ActivityFilters({ people, record }: ActivityFilterChoices) {
  return (
    <>
      {record && <RecordFilter record={record} />}
      <FilterBar label="Filter the activity log" submitLabel="Apply">
        <FilterSelect
          id="activity-person"
          label="Person"
          name={P.person}
          options={[["", "Everyone"], ...people.map((p) => [p.id, p.name] as const)]}
          className="md:w-52"
        />
        <FilterSelect
          id="activity-kind"
          label="Kind"
          name={P.kind}
          options={[["", "All kinds"], ...Object.entries(ACTIVITY_AREAS)]}
          className="md:w-56"
        />
        <FilterDate id="activity-from" label="From" name={P.from} />
        <FilterDate id="activity-to" label="To" name={P.to} />
        {record && <input type="hidden" name={record.param} value={record.id} />}
      </FilterBar>
    </>
  );
}

/** "History of product Royal Kente Kaftan", with a link back to the whole log (other filters kept). */
function RecordFilter({ record }: { record: NonNullable<ActivityFilterChoices["record"]> }) {
  const location = useLocation();
  const rest = filtersOf(location.search, P.entry);
  rest.delete(record.param);
  const noun = record.param === P.product ? "product" : "order";
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border bg-sand/40 px-4 py-3 text-sm">
      <span className="text-stone">History of {noun}</span>
      <span className="font-semibold text-charcoal">{record.name}</span>
      <Link
        to={rest.size ? `?${rest}` : location.pathname}
        className="ml-auto inline-flex items-center gap-1 rounded-sm px-2 py-1 text-sm font-semibold text-forest hover:bg-sand"
      >
        <Icon of={X} className="size-4" />
        Show all activity
      </Link>
    </div>
  );
}
