import { FilterBar, FilterSelect } from "~/components/admin/list/filter-bar";
import type { AdminProductCategory } from "~/modules/catalog/product-management-types";

/** Search (?q=: name or SKU, applied as it is typed), category (?category=) and status (?status=) of the products list. */
export function ProductFilters({ categories }: { categories: AdminProductCategory[] }) {
  return (
    <FilterBar
      label="Filter products"
      live
      search={{ id: "products-search", label: "Search products by name or SKU", hideLabel: true, placeholder: "Search by name or SKU" }}
    >
      <FilterSelect
        id="products-category"
        label="Category"
        hideLabel
        name="category"
        defaultValue="all"
        options={[["all", "All categories"], ...categories.map((c) => [c.slug, c.name] as const)]}
        className="md:w-52"
      />
      <FilterSelect
        id="products-status"
        label="Status"
        hideLabel
        name="status"
        defaultValue="all"
        options={[
          ["all", "All statuses"],
          ["active", "Active"],
          ["inactive", "Inactive"],
        ]}
      />
    </FilterBar>
  );
}
