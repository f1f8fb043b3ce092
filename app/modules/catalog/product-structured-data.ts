import { absoluteImage } from "~/lib/images";
import { toDecimalString } from "~/lib/money";
import type { ProductDetail } from "./catalog-types";
import { findVariant, variantCells, variantLabel } from "./variants";

const IN_STOCK = "https://schema.org/InStock";
const OUT_OF_STOCK = "https://schema.org/OutOfStock";

/**
 * The product page's schema.org structured data: a `ProductGroup` whose `hasVariant` lists one
 * `Product` per colour × size, each with its own SKU, colour picture and offer, InStock or
 * OutOfStock by that variant's stock (docs/product-rules.md §13 "Sizes, colours and made to measure"). The
 * page sells every variant at one address (the colour and size are chosen on it, not in the
 * URL), so each offer's url is the product's own, as Google's single-page variant form allows.
 * `extra` carries what the page adds (the rating of real reviews only).
 */
export function productGroupJsonLd(
  product: ProductDetail,
  shop: { origin: string; url: string; storeName: string; currency: string },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { origin, url, storeName, currency } = shop;
  const price = toDecimalString(product.price);
  const imageOf = (colorName: string) => product.colors.find((c) => c.name === colorName)?.image ?? product.image;
  const variesBy = [product.colors.length > 0 ? "https://schema.org/color" : null, "https://schema.org/size"].filter(Boolean);
  const hasVariant = variantCells(
    product.colors.map((c) => c.name),
    product.sizes,
  ).flatMap(({ color, size }) => {
    const variant = findVariant(product.variants, color, size);
    if (!variant) return [];
    return [
      {
        "@type": "Product",
        sku: variant.sku,
        name: `${product.name} — ${variantLabel(color, size)}`,
        color: color || undefined,
        size,
        image: absoluteImage(origin, imageOf(color)),
        offers: {
          "@type": "Offer",
          url,
          price,
          priceCurrency: currency,
          availability: variant.stock > 0 ? IN_STOCK : OUT_OF_STOCK,
          itemCondition: "https://schema.org/NewCondition",
          seller: { "@type": "Organization", name: storeName },
        },
      },
    ];
  });
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: product.name,
    description: product.description ?? undefined,
    url,
    image: product.colors.length ? product.colors.map((c) => absoluteImage(origin, c.image)) : [absoluteImage(origin, product.image)],
    productGroupID: product.sku ?? String(product.id),
    category: product.category?.name,
    brand: { "@type": "Brand", name: storeName },
    material: product.materials.join(", ") || undefined,
    variesBy,
    ...extra,
    hasVariant,
  };
}
