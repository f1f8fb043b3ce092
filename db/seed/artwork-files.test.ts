import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCT_IMAGE_WIDTHS } from "~/lib/images";
import { productGalleryBases, seedCategories, seedProducts } from "./catalog-data";

const PUBLIC = path.resolve(import.meta.dirname, "../../public");

/**
 * Every srcset names each of PRODUCT_IMAGE_WIDTHS; a browser does not fall back to another
 * width when the one it chose is missing, so a missing file is a broken picture. The artwork is
 * generated (npm run artwork) and committed, so a new width must be generated too.
 */
describe("the shipped product pictures", () => {
  const bases = [
    ...seedProducts.flatMap((product) => product.colors.flatMap((colour) => productGalleryBases(product, colour.name))),
    ...seedCategories.map((category) => `/images/categories/${category.slug}`),
    // The admin may choose any picture on the site for a product, these included.
    "/images/about/workshop",
    "/images/about/fabric",
  ];

  it("exist at every width the storefront's srcset names", () => {
    const missing = bases.flatMap((base) =>
      PRODUCT_IMAGE_WIDTHS.map((width) => `${base}-${width}.webp`).filter((file) => !fs.existsSync(path.join(PUBLIC, file))),
    );
    expect(bases.length).toBeGreaterThan(90);
    expect(missing).toEqual([]);
  });
});
