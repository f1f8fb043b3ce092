/**
 * Upload rules the browser can check before sending (the server checks again, by content,
 * in product-images.server.ts; a test keeps the two limits equal).
 */
export const PRODUCT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PRODUCT_IMAGE_ACCEPT = PRODUCT_IMAGE_TYPES.join(",");
export const PRODUCT_IMAGE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/**
 * One product save may carry a photo and one per colour. The whole request is refused above
 * this size before it is read into memory.
 */
export const PRODUCT_FORM_MAX_BYTES = 40 * 1024 * 1024;

export const PRODUCT_IMAGE_MESSAGES = {
  type: "Only JPEG, PNG and WebP images can be uploaded.",
  size: "The image is too large. Please upload one of at most 8 MB.",
  request: "These pictures are too large to send together (at most 40 MB per save). Please upload fewer or smaller pictures.",
} as const;

/** A quick look at a picked file: the message to show, or null when it may be sent. */
export function checkPickedImage(file: { type: string; size: number }): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return PRODUCT_IMAGE_MESSAGES.type;
  if (file.size > PRODUCT_IMAGE_UPLOAD_MAX_BYTES) return PRODUCT_IMAGE_MESSAGES.size;
  return null;
}
