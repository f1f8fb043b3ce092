import { RotateCcw, Search, SlidersHorizontal } from "lucide";
import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Slider } from "~/components/ui/deferred-slider";
import { cn } from "~/lib/cn";
import { DrawnOnce } from "~/lib/rendered-once";
import { sortOptions, type CollectionFilterValues as Filters, type SortOption } from "~/modules/catalog/catalog-constants";
import { useStoreCurrency } from "../use-store-settings";

const SEARCH_DEBOUNCE_MS = 350;

/**
 * The key of a part of the filters drawn once on the server (app/lib/rendered-once.ts): the
 * part's name and what it shows. Only the search box holds what a shopper typed, so every other
 * part is drawn once per its few values (most searches leave sort, price and the toggles as
 * they are), not again for each new search: Radix's slider alone was a fifth of a search's render.
 */
function drawKey(part: string, ...values: (string | number | boolean)[]): string {
  return JSON.stringify(["collection-filters", part, ...values]);
}

/**
 * Search, sort, price range, featured-only, in-stock-only and reset. Every change is
 * reported with page reset to 1; the page turns it into the URL.
 */
export function CollectionFilters({
  title,
  filters,
  bounds,
  onChange,
}: {
  title: string;
  filters: Filters;
  bounds: { min: number; max: number };
  onChange: (next: Filters) => void;
}) {
  // Fixed, not useId(): one per page, inside an island (see header-search.tsx).
  const id = "collection-filters";
  const currency = useStoreCurrency();
  const [query, setQuery] = useState(filters.q);
  // The search text last sent to the URL; a different q in the URL came from outside.
  const [sentQuery, setSentQuery] = useState(filters.q);
  const [urlQuery, setUrlQuery] = useState(filters.q);
  const low = Math.max(bounds.min, Math.min(filters.min ?? bounds.min, bounds.max));
  const high = Math.min(bounds.max, Math.max(filters.max ?? bounds.max, bounds.min));
  const [range, setRange] = useState<[number, number]>([low, high]);
  const [rangeSource, setRangeSource] = useState(`${low}-${high}`);
  // A chosen range is one of endlessly many (each drag of the slider is a new one): drawn once
  // in a store of its own, where it cannot push out the product cards (RenderOnceOptions).
  const chosenRange = range[0] !== bounds.min || range[1] !== bounds.max;

  // Follow the URL when it changes from outside (back button, reset, shared link).
  if (filters.q !== urlQuery) {
    setUrlQuery(filters.q);
    if (filters.q !== sentQuery) {
      setSentQuery(filters.q);
      setQuery(filters.q);
    }
  }
  if (`${low}-${high}` !== rangeSource) {
    setRangeSource(`${low}-${high}`);
    setRange([low, high]);
  }

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed === sentQuery.trim()) return;
    const timer = window.setTimeout(() => {
      setSentQuery(trimmed);
      onChange({ ...filters, q: trimmed, page: 1 });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, sentQuery, filters, onChange]);

  const [showAll, setShowAll] = useState(false);
  const collapsed = !showAll && "max-md:hidden";
  const update = (patch: Partial<Filters>) => onChange({ ...filters, ...patch, page: 1 });
  const active = Boolean(
    filters.q ||
    filters.sort !== "featured" ||
    filters.min !== undefined ||
    filters.max !== undefined ||
    filters.featured ||
    filters.instock,
  );
  const refinements = [
    filters.sort !== "featured",
    filters.min !== undefined || filters.max !== undefined,
    filters.featured,
    filters.instock,
  ].filter(Boolean).length;

  return (
    <form
      role="search"
      aria-label={`Filter ${title}`}
      // A phone shows the search and the Filters button on one row (the products start higher up).
      className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 rounded-sm border border-border bg-white/70 p-3 md:grid-cols-2 md:items-stretch md:gap-6 md:p-6 lg:grid-cols-[1.4fr_1fr_1.3fr_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        setSentQuery(query.trim());
        update({ q: query.trim() });
      }}
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-q`} className="max-md:sr-only">
          Search
        </Label>
        <div className="relative">
          <Icon of={Search} className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone" />
          <Input
            id={`${id}-q`}
            type="search"
            name="q"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={`Search ${title.toLowerCase()}...`}
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <Button
        type="button"
        variant="outline"
        className="md:hidden"
        aria-expanded={showAll}
        aria-controls={`${id}-more`}
        onClick={() => setShowAll(!showAll)}
      >
        <Icon of={SlidersHorizontal} />
        {showAll ? "Hide filters" : "Filters & sort"}
        {refinements > 0 && <span className="rounded-full bg-gold px-2 text-xs text-charcoal">{refinements}</span>}
      </Button>
      <DrawnOnce
        as="div"
        id={`${id}-more`}
        className={cn("space-y-2 max-md:col-span-2", collapsed)}
        drawKey={drawKey("sort", filters.sort)}
      >
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <select
          id={`${id}-sort`}
          name="sort"
          value={filters.sort}
          onChange={(e) => update({ sort: e.target.value as SortOption })}
          className="h-11 w-full cursor-pointer rounded-sm border border-border bg-white px-3 text-sm focus-visible:border-forest"
        >
          {sortOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </DrawnOnce>
      <DrawnOnce
        as="div"
        className={cn("space-y-2 max-md:col-span-2", collapsed)}
        drawKey={drawKey("price", currency, bounds.min, bounds.max, range[0], range[1])}
        oneOfMany={chosenRange}
      >
        <div className="flex items-baseline justify-between">
          <span className="text-sm font-medium" id={`${id}-price`}>
            Price
          </span>
          <span className="text-sm text-stone tabular-nums" data-testid="price-range-label">
            {currency} {range[0]} - {currency} {range[1]}
          </span>
        </div>
        <Slider
          aria-labelledby={`${id}-price`}
          min={bounds.min}
          max={bounds.max}
          step={1}
          minStepsBetweenThumbs={0}
          value={range}
          disabled={bounds.max <= bounds.min}
          onValueChange={(v) => setRange([v[0]!, v[1]!])}
          onValueCommit={(v) => update({ min: v[0] === bounds.min ? undefined : v[0], max: v[1] === bounds.max ? undefined : v[1] })}
          thumbLabels={["Minimum price", "Maximum price"]}
        />
      </DrawnOnce>
      <DrawnOnce
        as="div"
        className={cn("col-span-2 flex flex-wrap items-center gap-x-6 gap-y-3 lg:col-span-1 lg:flex-nowrap lg:gap-x-2", collapsed)}
        drawKey={drawKey("toggles", filters.featured, filters.instock, active)}
      >
        <div className="flex flex-wrap gap-x-6 gap-y-3 lg:flex-col lg:gap-2">
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <Checkbox name="featured" checked={filters.featured} onChange={(e) => update({ featured: e.target.checked })} />
            Featured only
          </label>
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <Checkbox name="instock" checked={filters.instock} onChange={(e) => update({ instock: e.target.checked })} />
            In stock only
          </label>
        </div>
        <Button
          className="max-lg:-ml-3"
          type="button"
          variant="ghost"
          size="sm"
          disabled={!active}
          onClick={() => {
            setQuery("");
            setSentQuery("");
            onChange({ q: "", sort: "featured", min: undefined, max: undefined, featured: false, instock: false, page: 1 });
          }}
        >
          <Icon of={RotateCcw} /> Reset
        </Button>
      </DrawnOnce>
    </form>
  );
}
