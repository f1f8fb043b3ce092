import { discountPercent, toDecimalString } from "~/lib/money";
import { SIZES } from "./catalog-constants";
import { isDeepDiscount, MADE_TO_MEASURE_DAYS, type ProductFormInput } from "./product.schema";
import type { AdminProduct } from "./product-management-types";

/** A colour row as the form shows it: its gallery in order, the first picture the cover. */
export type ProductColorValues = {
  name: string;
  hex: string;
  images: string[];
};

/** One cell of the stock grid as the form holds it (see variantCellSchema). */
export type VariantCellValues = {
  /** The variant the cell showed ("" for a new cell). */
  id: string;
  color: string;
  size: string;
  sku: string;
  stock: string;
  stockSeen: string;
};

/** The product form's values as the browser holds them (the shape of its Conform fields). */
export type ProductFormValues = {
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  categoryId: string;
  sku: string;
  imageUrl: string;
  isFeatured: boolean;
  isActive: boolean;
  isNew: boolean;
  isBestseller: boolean;
  materials: string;
  care: string;
  sizes: string[];
  colors: ProductColorValues[];
  variants: VariantCellValues[];
  madeToMeasure: boolean;
  madeToMeasureSurcharge: string;
  madeToMeasureDays: string;
  /** The deep discount the admin confirmed ("85"), or "" (see MAX_PLAIN_DISCOUNT_PERCENT). */
  confirmDiscount: string;
};

/**
 * The swatches a new colour row starts with, one per row the form allows (MAX_COLORS): the
 * brand's gold first, then colours the shop's cloths come in. A new row takes the first one no
 * other row uses, so two rows never start alike.
 */
export const NEW_COLOR_SWATCHES = [
  "#C9A227",
  "#1F4D3A",
  "#2E3A6B",
  "#8B1E2D",
  "#1C1C1C",
  "#F3EBDD",
  "#B5562F",
  "#6B6B2E",
  "#5B8DB8",
  "#D8C3A5",
  "#5A3A29",
  "#7A7A7A",
] as const;

/**
 * The row "Add colour" adds: no name, no pictures, and a swatch none of `existing` uses (case
 * aside); the first swatch again once all are taken.
 */
export function newColorRow(existing: readonly (Partial<ProductColorValues> | undefined)[]): ProductColorValues {
  const used = new Set(existing.map((row) => (row?.hex ?? "").trim().toUpperCase()));
  const hex = NEW_COLOR_SWATCHES.find((swatch) => !used.has(swatch)) ?? NEW_COLOR_SWATCHES[0];
  return { name: "", hex, images: [] };
}

/** The Add New Product form's starting values: active, in every size, without colours. */
export const blankProductForm: ProductFormValues = {
  name: "",
  description: "",
  price: "",
  originalPrice: "",
  categoryId: "",
  sku: "",
  imageUrl: "",
  isFeatured: false,
  isActive: true,
  isNew: false,
  isBestseller: false,
  materials: "",
  care: "",
  sizes: [...SIZES],
  colors: [],
  variants: [],
  madeToMeasure: false,
  madeToMeasureSurcharge: "",
  madeToMeasureDays: String(MADE_TO_MEASURE_DAYS.default),
  confirmDiscount: "",
};

/** The edit dialog's starting values for a product: money as "299.99", lists one per line. */
export function productFormValues(product: AdminProduct): ProductFormValues {
  const values = {
    name: product.name,
    description: product.description ?? "",
    price: toDecimalString(product.price),
    originalPrice: product.originalPrice === null ? "" : toDecimalString(product.originalPrice),
    categoryId: product.category ? String(product.category.id) : "",
    sku: product.sku ?? "",
    imageUrl: product.imageUrl ?? "",
    isFeatured: product.isFeatured,
    isActive: product.isActive,
    isNew: product.isNew,
    isBestseller: product.isBestseller,
    materials: product.materials.join("\n"),
    care: product.care.join("\n"),
    sizes: [...product.sizes],
    colors: product.colors.map((c) => ({
      name: c.name,
      hex: c.hex,
      images: c.images.length > 0 ? [...c.images] : c.imageUrl ? [c.imageUrl] : [],
    })),
    variants: product.variants.map((v) => ({
      id: String(v.id),
      color: v.color,
      size: v.size,
      sku: v.sku,
      stock: String(v.stock),
      stockSeen: String(v.stock),
    })),
    madeToMeasure: product.madeToMeasure,
    madeToMeasureSurcharge: product.madeToMeasureSurcharge === 0 ? "" : toDecimalString(product.madeToMeasureSurcharge),
    madeToMeasureDays: String(product.madeToMeasureDays),
    // A deep discount already saved was confirmed then; it stays confirmed while the prices stay.
    confirmDiscount: isDeepDiscount(product.price, product.originalPrice)
      ? String(discountPercent(product.price, product.originalPrice))
      : "",
  } satisfies ProductFormInput;
  return values;
}
