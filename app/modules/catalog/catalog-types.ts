import type { CollectionFilterValues } from "./catalog-constants";
import type { ProductListing } from "./storefront-queries.server";
/** What a product card needs; money in pesewas, image as a base path (see productImage). */
export interface ProductCardData {
  id: number;
  slug: string;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  /** Stock over all its colours and sizes: 0 means Sold out. */
  totalStock: number;
  isNew: boolean;
  isBestseller: boolean;
  isFeatured: boolean;
  category: { slug: string; name: string } | null;
  defaultColor: string | null;
}

export interface ProductColor {
  name: string;
  hex: string;
  /** The cover (images[0]): what cards and the cart show. */
  image: string;
  /** The colour's gallery in order, at least the cover. */
  images: string[];
}

export interface ProductVariant {
  color: string;
  size: string;
  sku: string;
  stock: number;
}

export interface ProductDetail extends ProductCardData {
  description: string | null;
  materials: string[];
  care: string[];
  sizes: string[];
  sku: string | null;
  colors: ProductColor[];
  /** Each colour × size it is stocked in ("" colour without colours), with its SKU and stock. */
  variants: ProductVariant[];
  /** Also made to measure: the surcharge (pesewas, may be 0) and working days to make it; null when not offered. */
  madeToMeasure: { surcharge: number; days: number } | null;
}

/** GET /api/collections/:category: the filters as the collection page reads them, and the page of products they give. */
export interface CollectionAnswer {
  filters: CollectionFilterValues;
  listing: ProductListing;
}
