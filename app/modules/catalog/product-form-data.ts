import { toDecimalString } from "~/lib/money";
import type { ProductFormInput } from "./product.schema";
import type { AdminProduct } from "./product-management-types";

const scalarFields = [
  "name",
  "description",
  "price",
  "originalPrice",
  "categoryId",
  "stockQuantity",
  "stockSeen",
  "sku",
  "imageUrl",
] as const;
const checkboxFields = ["isFeatured", "isActive", "isNew", "isBestseller"] as const;
const colorKey = /^colors\[(\d{1,2})\]\.(name|hex|imageUrl)$/;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : undefined);

/**
 * Reads the product form's FormData into the shape productFormSchema parses. Field names:
 * the schema's keys; `materials`, `care` and `sizes` may repeat or hold one item per line;
 * colours as `colors[0].name`, `colors[0].hex`, `colors[0].imageUrl` (rows left wholly
 * blank are dropped, so an empty "add colour" row is not an error).
 */
export function productFormInput(form: FormData): ProductFormInput {
  const input: Record<string, unknown> = {};
  for (const field of scalarFields) input[field] = text(form.get(field));
  for (const field of checkboxFields) input[field] = text(form.get(field));
  for (const field of ["materials", "care", "sizes"] as const) {
    input[field] = form.getAll(field).flatMap((v) => (typeof v === "string" ? [v] : []));
  }
  const colors: Record<string, string>[] = [];
  for (const [key, value] of form.entries()) {
    const match = colorKey.exec(key);
    if (!match || typeof value !== "string") continue;
    (colors[Number(match[1])] ??= {})[match[2]!] = value;
  }
  input.colors = colors.filter((c) => c && Object.values(c).some((v) => v.trim() !== ""));
  return input as ProductFormInput;
}

/** The edit dialog's starting values for a product: money as "299.99", lists one per line. */
export function productFormValues(product: AdminProduct) {
  return {
    name: product.name,
    description: product.description ?? "",
    price: toDecimalString(product.price),
    originalPrice: product.originalPrice === null ? "" : toDecimalString(product.originalPrice),
    categoryId: product.category ? String(product.category.id) : "",
    stockQuantity: String(product.stockQuantity),
    stockSeen: String(product.stockQuantity),
    sku: product.sku ?? "",
    imageUrl: product.imageUrl ?? "",
    isFeatured: product.isFeatured,
    isActive: product.isActive,
    isNew: product.isNew,
    isBestseller: product.isBestseller,
    materials: product.materials.join("\n"),
    care: product.care.join("\n"),
    sizes: [...product.sizes],
    colors: product.colors.map((c) => ({ name: c.name, hex: c.hex, imageUrl: c.imageUrl ?? "" })),
  } satisfies ProductFormInput;
}
