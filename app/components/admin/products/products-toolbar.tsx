import { Search, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import type { AdminProductCategory } from "~/modules/catalog/product-management-types";

const SEARCH_DELAY_MS = 350;

/**
 * Search (name or SKU), category and status. They live in the URL: each change loads the
 * first page of the new selection, and the back button returns to the previous one. Without
 * script the form is an ordinary GET form.
 */
export function ProductsToolbar({
  filters,
  categories,
}: {
  filters: { q: string; category: string; status: string };
  categories: AdminProductCategory[];
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The search this box last sent: any other value in the URL came from back/forward or a link.
  const sent = useRef(filters.q);

  useEffect(() => {
    if (filters.q === sent.current) return;
    sent.current = filters.q;
    if (searchRef.current) searchRef.current.value = filters.q;
  }, [filters.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      const text = typeof value === "string" ? value.trim() : "";
      if (text && text !== "all") params.set(name, text);
    }
    sent.current = params.get("q") ?? "";
    const search = params.toString();
    if (`?${search}` === window.location.search || (search === "" && window.location.search === "")) return;
    void navigate({ search: search ? `?${search}` : "" }, { preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Filter products"
      className="grid grid-cols-2 gap-3 border-b border-border bg-white/60 p-4 md:grid-cols-[minmax(0,1fr)_13rem_11rem]"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="relative col-span-2 md:col-span-1">
        <label htmlFor="products-search" className="sr-only">
          Search products by name or SKU
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone" aria-hidden />
        <Input
          ref={searchRef}
          id="products-search"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="Search by name or SKU"
          autoComplete="off"
          maxLength={100}
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(apply, SEARCH_DELAY_MS);
          }}
        />
        {filters.q && (
          <button
            type="button"
            className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-sm text-stone hover:bg-sand hover:text-charcoal"
            aria-label="Clear search"
            onClick={() => {
              if (searchRef.current) searchRef.current.value = "";
              apply();
            }}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div>
        <label htmlFor="products-category" className="sr-only">
          Category
        </label>
        <NativeSelect id="products-category" name="category" defaultValue={filters.category} key={`c-${filters.category}`} onChange={apply}>
          <option value="all">All categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <label htmlFor="products-status" className="sr-only">
          Status
        </label>
        <NativeSelect id="products-status" name="status" defaultValue={filters.status} key={`s-${filters.status}`} onChange={apply}>
          <option value="all">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </NativeSelect>
      </div>
    </Form>
  );
}
