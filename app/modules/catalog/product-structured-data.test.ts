import { describe, expect, it } from "vitest";
import type { ProductDetail } from "./catalog-types";
import { productGroupJsonLd } from "./product-structured-data";

const kaftan: ProductDetail = {
  id: 1,
  slug: "royal-kente-kaftan",
  name: "Royal Kente Kaftan",
  price: 29_999,
  originalPrice: 39_999,
  image: "/images/products/royal-kente-kaftan/royal-gold",
  totalStock: 11,
  isNew: true,
  isBestseller: true,
  isFeatured: true,
  category: { name: "Kaftans", slug: "kaftans" },
  defaultColor: "Royal Gold",
  description: "A floor-skimming kaftan.",
  materials: ["Kente", "Cotton"],
  care: [],
  sizes: ["XL", "XXL"],
  sku: "AHF-KAF-001",
  colors: [
    { name: "Royal Gold", hex: "#C9A227", image: "/images/products/royal-kente-kaftan/royal-gold", images: [] },
    { name: "Emerald", hex: "#1E6B4F", image: "/images/products/royal-kente-kaftan/emerald", images: [] },
  ],
  variants: [
    { color: "Emerald", size: "XXL", sku: "AHF-KAF-001-EMERALD-XXL", stock: 1 },
    { color: "Royal Gold", size: "XXL", sku: "AHF-KAF-001-ROYAL-GOLD-XXL", stock: 0 },
    { color: "Royal Gold", size: "XL", sku: "AHF-KAF-001-ROYAL-GOLD-XL", stock: 7 },
    { color: "Emerald", size: "XL", sku: "AHF-KAF-001-EMERALD-XL", stock: 3 },
  ],
  madeToMeasure: null,
};
const shop = { origin: "https://shop.example", url: "https://shop.example/product/1", storeName: "Ahenfie", currency: "GHS" };

describe("the product page's structured data", () => {
  it("is a ProductGroup varying by colour and size, with one Product per variant in display order", () => {
    const group = productGroupJsonLd(kaftan, shop);
    expect(group).toMatchObject({
      "@type": "ProductGroup",
      name: "Royal Kente Kaftan",
      productGroupID: "AHF-KAF-001",
      variesBy: ["https://schema.org/color", "https://schema.org/size"],
      brand: { "@type": "Brand", name: "Ahenfie" },
      material: "Kente, Cotton",
      description: "A floor-skimming kaftan.",
    });
    const variants = group.hasVariant as {
      sku: string;
      name: string;
      color: string;
      size: string;
      image: string;
      offers: Record<string, string>;
    }[];
    expect(variants.map((v) => v.name)).toEqual([
      "Royal Kente Kaftan — Royal Gold, XL",
      "Royal Kente Kaftan — Royal Gold, XXL",
      "Royal Kente Kaftan — Emerald, XL",
      "Royal Kente Kaftan — Emerald, XXL",
    ]);
    expect(variants[1]).toMatchObject({
      "@type": "Product",
      sku: "AHF-KAF-001-ROYAL-GOLD-XXL",
      color: "Royal Gold",
      size: "XXL",
      image: expect.stringContaining("/images/products/royal-kente-kaftan/royal-gold"),
      offers: { price: "299.99", priceCurrency: "GHS", availability: "https://schema.org/OutOfStock", url: shop.url },
    });
    expect(variants[3]!.image).toContain("/emerald");
    expect(variants[3]!.offers.availability).toBe("https://schema.org/InStock");
    expect(group).not.toHaveProperty("offers");
  });

  it("keeps the rating it is given (real reviews only), and names variants by size alone without colours", () => {
    const plain: ProductDetail = { ...kaftan, sku: null, colors: [], variants: [{ color: "", size: "XL", sku: "P1-XL", stock: 2 }] };
    const group = productGroupJsonLd(plain, shop, { aggregateRating: { ratingValue: "4.5" } });
    expect(group.productGroupID).toBe("1");
    expect(group.variesBy).toEqual(["https://schema.org/size"]);
    expect(group.aggregateRating).toEqual({ ratingValue: "4.5" });
    expect(group.hasVariant).toEqual([expect.objectContaining({ name: "Royal Kente Kaftan — XL", sku: "P1-XL", color: undefined })]);
  });
});
