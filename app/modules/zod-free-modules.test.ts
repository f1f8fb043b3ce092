import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Modules every storefront page carries to the browser (the layout, the cart, prices, the
 * footer's links, product reviews). Zod is 25 KiB gzipped: it must come in only through a
 * `*.schema.ts` module that a form or a loader imports, never through these (docs/decisions/009).
 */
const storefrontModules = [
  "app/modules/settings/store-settings.ts",
  "app/modules/settings/contact-links.ts",
  "app/modules/settings/store-profile.ts",
  "app/modules/currency/exchange-rates.ts",
  "app/modules/measurements/measurements.ts",
  "app/modules/cart/cart.ts",
  "app/modules/reviews/review-display.ts",
  "app/modules/catalog/catalog-constants.ts",
  "app/components/storefront/use-store-settings.ts",
  "app/components/storefront/product/use-made-to-measure-form.ts",
];

describe("modules the storefront loads on every page", () => {
  it.each(storefrontModules)("%s imports neither Zod nor a schema module", (path) => {
    const source = readFileSync(path, "utf8");
    // Static imports only: a dynamic import() of a schema, on demand, is the point.
    const imports = [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gm)].map((match) => match[1]);
    expect(imports.filter((from) => from === "zod" || from!.startsWith("zod/") || from!.endsWith(".schema"))).toEqual([]);
  });
});
