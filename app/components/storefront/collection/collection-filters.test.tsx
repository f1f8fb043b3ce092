import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PageContextProvider, type PageContextValue } from "~/lib/page-context";
import { createRenderOnce } from "~/lib/render-once.server";
import { RenderOnceContext, type RenderOnce } from "~/lib/rendered-once";
import type { RootData } from "~/lib/root-data";
import type { CollectionFilterValues } from "~/modules/catalog/catalog-constants";
import { CollectionFilters } from "./collection-filters";

const noFilters: CollectionFilterValues = { q: "", sort: "featured", featured: false, instock: false, page: 1 };
const bounds = { min: 159, max: 2500 };

function pageIn(currency: string): PageContextValue {
  const root = { store: { currency } } as unknown as RootData;
  return { root, pathname: "/collections/all", search: "", key: "test", showResults: false, navigatingTo: null, submitting: false };
}

/** The filters as the server renders them in a page: with their parts drawn once (`renderOnce`), or whole. */
function filtersHtml(filters: CollectionFilterValues, renderOnce: RenderOnce | null, { currency = "GHS", range = bounds } = {}) {
  return renderToString(
    <RenderOnceContext.Provider value={renderOnce}>
      <PageContextProvider value={pageIn(currency)}>
        <CollectionFilters title="Kaftans" filters={filters} bounds={range} onChange={() => {}} />
      </PageContextProvider>
    </RenderOnceContext.Provider>,
  );
}

// The price slider loads on demand: a page's render waits for it, `renderToString` does not.
// The first render starts its import; rendered again until it has come (a loaded machine once
// took more than 20 ms to import it).
beforeAll(async () => {
  await vi.waitFor(() => expect(filtersHtml(noFilters, null)).not.toContain("<!--$!-->"), { timeout: 10_000, interval: 20 });
});

describe("CollectionFilters drawn once on the server but for the search box", () => {
  it("writes the same markup as the filters drawn whole, whatever is chosen, with one store of drawn parts for all", () => {
    const renderOnce = createRenderOnce();
    const cases: [CollectionFilterValues, { currency?: string; range?: { min: number; max: number } }?][] = [
      [noFilters],
      [{ ...noFilters, q: "kente" }],
      [{ ...noFilters, q: 'Kente <b>"gold"</b>' }],
      [{ ...noFilters, sort: "price-asc" }],
      [{ ...noFilters, sort: "newest", q: "kente" }],
      [{ ...noFilters, min: 300 }],
      [{ ...noFilters, min: 300, max: 900 }],
      [{ ...noFilters, max: 900 }],
      [{ ...noFilters, featured: true }],
      [{ ...noFilters, instock: true }],
      [{ ...noFilters, featured: true, instock: true, sort: "price-desc", min: 200, max: 2000, q: "agbada" }],
      [noFilters, { currency: "USD" }],
      [noFilters, { range: { min: 250, max: 1800 } }],
      [noFilters, { range: { min: 500, max: 500 } }],
      [noFilters],
    ];
    for (const [filters, options] of cases) {
      const whole = filtersHtml(filters, null, options);
      expect(filtersHtml(filters, renderOnce, options)).toBe(whole);
      expect(filtersHtml(filters, renderOnce, options)).toBe(whole);
    }
  });

  it("shows each search's own words, sort, prices and toggles", () => {
    const renderOnce = createRenderOnce();
    filtersHtml(noFilters, renderOnce);
    const chosen = filtersHtml({ ...noFilters, q: "kente", sort: "price-asc", min: 300, max: 900, instock: true }, renderOnce);
    expect(chosen).toContain('value="kente"');
    expect(chosen).toContain('<option value="price-asc" selected="">');
    expect(chosen).toContain("GHS<!-- --> <!-- -->300<!-- --> - <!-- -->GHS<!-- --> <!-- -->900");
    expect(chosen).toMatch(/<input type="checkbox"[^>]*name="instock" checked=""/);
    expect(filtersHtml(noFilters, renderOnce)).toContain('<option value="featured" selected="">');
    expect(filtersHtml(noFilters, renderOnce, { currency: "USD" })).toContain("USD<!-- --> <!-- -->159");
  });

  it("keeps a chosen price range's part apart from the parts every page shows", () => {
    const kept = createRenderOnce();
    const asked: [string, boolean][] = [];
    const recording: RenderOnce = (key, render, options) => {
      asked.push([key, options?.oneOfMany ?? false]);
      return kept(key, render, options);
    };
    const priceParts = () => asked.filter(([key]) => key.includes('"price"'));
    filtersHtml({ ...noFilters, min: 300, max: 900 }, recording);
    filtersHtml({ ...noFilters, q: "kente" }, recording);
    expect(priceParts()).toEqual([
      ['["collection-filters","price","GHS",159,2500,300,900]', true],
      ['["collection-filters","price","GHS",159,2500,159,2500]', false],
    ]);
  });
});
