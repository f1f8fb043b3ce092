import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageContextProvider, type PageContextValue } from "~/lib/page-context";
import { createRenderOnce } from "~/lib/render-once.server";
import { RenderOnceContext, type RenderOnce } from "~/lib/rendered-once";
import type { RootData } from "~/lib/root-data";
import type { ProductCardData } from "~/modules/catalog/catalog-types";
import { ProductGrid } from "./product-card";

const kaftan: ProductCardData = {
  id: 3,
  slug: "royal-kente-kaftan",
  name: "Royal Kente Kaftan",
  price: 45_000,
  originalPrice: null,
  image: "/images/products/royal-kente-kaftan/royal-gold",
  totalStock: 4,
  isNew: true,
  isBestseller: false,
  isFeatured: true,
  category: { slug: "kaftans", name: "Kaftans" },
  defaultColor: "Royal Gold",
};
const agbada: ProductCardData = { ...kaftan, id: 7, slug: "osu-agbada", name: "Osu Agbada", price: 120_000, isNew: false };

/** The page as root.tsx gives it to the storefront's components, in a store currency. */
function pageIn(currency: string): PageContextValue {
  const root = { store: { currency } } as unknown as RootData;
  return { root, pathname: "/collections/all", search: "", key: "test", showResults: false, navigatingTo: null, submitting: false };
}

/** The grid as the server renders it in a page: with each card drawn once (`renderOnce`), or whole. */
function grid(products: ProductCardData[], currency = "GHS", renderOnce: RenderOnce | null = null, priorityCount = 0): string {
  return renderToString(
    <RenderOnceContext.Provider value={renderOnce}>
      <PageContextProvider value={pageIn(currency)}>
        <ProductGrid products={products} priorityCount={priorityCount} />
      </PageContextProvider>
    </RenderOnceContext.Provider>,
  );
}

describe("ProductGrid drawn once per card on the server", () => {
  it("writes the same markup as the grid drawn whole, the first time and every time after", () => {
    const renderOnce = createRenderOnce();
    const whole = grid([kaftan, agbada]);
    expect(whole).toContain("Royal Kente Kaftan");
    expect(whole).toContain("₵450.00");
    expect(grid([kaftan, agbada], "GHS", renderOnce)).toBe(whole);
    expect(grid([kaftan, agbada], "GHS", renderOnce)).toBe(whole);
    // The same cards in another order and beside others: each card is its own markup.
    expect(grid([agbada, kaftan], "GHS", renderOnce)).toBe(grid([agbada, kaftan]));
  });

  it("shows a product as it stands now: sold out, a new price, the store's new currency", () => {
    const renderOnce = createRenderOnce();
    expect(grid([kaftan], "GHS", renderOnce)).toContain("Choose size: Royal Kente Kaftan");
    const soldOut = grid([{ ...kaftan, totalStock: 0 }], "GHS", renderOnce);
    expect(soldOut).toContain("Sold Out: Royal Kente Kaftan");
    expect(soldOut).not.toContain("Choose size: Royal Kente Kaftan");
    const onSale = grid([{ ...kaftan, price: 39_000, originalPrice: 45_000 }], "GHS", renderOnce);
    expect(onSale).toMatch(/₵390\.00.*₵450\.00/);
    expect(grid([kaftan], "USD", renderOnce)).toContain("$450.00");
    expect(grid([kaftan], "GHS", renderOnce)).toBe(grid([kaftan]));
  });

  it("announces the first row's pictures in the page's head, as a card drawn in place does", () => {
    const renderOnce = createRenderOnce();
    // A whole page: React writes the pictures' preloads into its head.
    const page = (once: RenderOnce | null) =>
      renderToString(
        <html>
          <head />
          <body>
            <RenderOnceContext.Provider value={once}>
              <PageContextProvider value={pageIn("GHS")}>
                <ProductGrid products={[kaftan, agbada]} priorityCount={1} />
              </PageContextProvider>
            </RenderOnceContext.Provider>
          </body>
        </html>,
      );
    // A preload's attributes in the order React writes them for a `preload` call (fetchPriority
    // first) rather than for a picture drawn in place: the same link to the browser.
    const sameLinks = (html: string) =>
      html.replace(
        /<link rel="preload" as="image"([^>]*)\/>/g,
        (_, attributes: string) => `<link ${[...attributes.matchAll(/\w+="[^"]*"/g)].sort().join(" ")}/>`,
      );
    const whole = page(null);
    expect(whole).toMatch(
      /<head><link rel="preload" as="image" imageSrcSet="[^"]*royal-kente-kaftan\/royal-gold-240\.webp 240w[^"]*" imageSizes="[^"]*" fetchPriority="high"\/><\/head>/,
    );
    expect(whole).not.toContain("osu-agbada/royal-gold-240.webp");
    expect(sameLinks(page(renderOnce))).toBe(sameLinks(whole));
    expect(sameLinks(page(renderOnce))).toBe(sameLinks(whole));
    // Drawn once, the card still shows its picture first: eager, high priority.
    expect(page(renderOnce)).toMatch(/<body><ul[^>]*><li><article[^>]*>.*?loading="eager" decoding="sync" fetchPriority="high"/);
  });
});
