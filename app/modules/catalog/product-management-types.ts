/** What the admin products screens get back; money in pesewas, dates as ISO strings. */
export interface AdminProductCategory {
  id: number;
  slug: string;
  name: string;
}

/** One row of the admin products table. */
export interface AdminProductRow {
  id: number;
  slug: string;
  name: string;
  sku: string | null;
  price: number;
  originalPrice: number | null;
  /** Stock over all its colours and sizes. */
  totalStock: number;
  /** Colour × size cells at 0, and at or below the low-stock threshold but above 0. */
  variantsSoldOut: number;
  variantsLow: number;
  isActive: boolean;
  isFeatured: boolean;
  isNew: boolean;
  isBestseller: boolean;
  category: AdminProductCategory | null;
  /** Image base path for the thumbnail (first colour, else image_url, else the category picture). */
  image: string;
  createdAt: string;
  updatedAt: string;
}

export interface AdminProductColor {
  name: string;
  hex: string;
  /** The cover: images[0], or null without pictures. */
  imageUrl: string | null;
  /** The gallery in display order. */
  images: string[];
}

export interface AdminProductVariant {
  id: number;
  color: string;
  size: string;
  sku: string;
  stock: number;
}

/** A product with every field the edit dialog shows. */
export interface AdminProduct extends AdminProductRow {
  description: string | null;
  /** The product's own image_url (null when it has none; `image` is what is shown). */
  imageUrl: string | null;
  materials: string[];
  care: string[];
  sizes: string[];
  colors: AdminProductColor[];
  /** The stock grid: each colour × size with its SKU and stock ("" colour without colours). */
  variants: AdminProductVariant[];
  /** Also made to measure, for this surcharge (pesewas, may be 0) in these working days. */
  madeToMeasure: boolean;
  madeToMeasureSurcharge: number;
  madeToMeasureDays: number;
}

export interface AdminProductListing {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}
