/**
 * Errors of the admin products module. Routes turn them into docs/product-rules.md's toasts ("Failed to save
 * product" with the message below it) and HTTP statuses; `field` names the form field to mark.
 */
export class ProductNotFoundError extends Error {
  override name = "ProductNotFoundError";
  constructor(readonly productId: number) {
    super("Product not found. It may have been deleted.");
  }
}

export class DuplicateSkuError extends Error {
  override name = "DuplicateSkuError";
  readonly field = "sku";
  constructor(readonly sku: string) {
    super(`Another product already uses the SKU ${sku}. SKUs must be unique.`);
  }
}

/** A variant SKU another product's variant already has (variant SKUs are unique across the shop, case aside). */
export class DuplicateVariantSkuError extends Error {
  override name = "DuplicateVariantSkuError";
  constructor(readonly sku: string) {
    super(`Another product already uses the SKU ${sku} for one of its sizes. Each size and colour needs its own SKU.`);
  }
}

export class UnknownCategoryError extends Error {
  override name = "UnknownCategoryError";
  readonly field = "categoryId";
  constructor(readonly categoryId: number) {
    super("That category no longer exists. Please choose another.");
  }
}

/** Why an uploaded product picture was refused. */
export type ProductImageProblem = "unsupported-type" | "too-large" | "not-an-image";

export class ProductImageError extends Error {
  override name = "ProductImageError";
  constructor(
    message: string,
    readonly problem: ProductImageProblem,
  ) {
    super(message);
  }
}

export class UnsupportedImageTypeError extends ProductImageError {
  override name = "UnsupportedImageTypeError";
  constructor(readonly detectedFormat: string) {
    super("Only JPEG, PNG and WebP images can be uploaded.", "unsupported-type");
  }
}

export class ImageTooLargeError extends ProductImageError {
  override name = "ImageTooLargeError";
  constructor(
    readonly limit: string,
    detail?: string,
  ) {
    super(detail ?? `The image is too large. Please upload one of at most ${limit}.`, "too-large");
  }
}

export class NotAnImageError extends ProductImageError {
  override name = "NotAnImageError";
  constructor() {
    super("The file is not a readable image. Please upload a JPEG, PNG or WebP picture.", "not-an-image");
  }
}
