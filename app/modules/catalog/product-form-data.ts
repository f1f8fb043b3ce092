import { toDecimalString } from "~/lib/money";
import { SIZES } from "./catalog-constants";
import { MADE_TO_MEASURE_DAYS, type ProductFormInput } from "./product.schema";
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
};

/** A colour added with "Add colour": the brand's gold, to be named. */
export const NEW_COLOR: ProductColorValues = { name: "", hex: "#C9A227", images: [] };

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
  } satisfies ProductFormInput;
  return values;
}
