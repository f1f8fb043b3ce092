import { PRODUCT_IMAGE_UPLOAD_MAX_BYTES } from "~/modules/catalog/product-image-rules";
import { MAX_REQUEST_PHOTOS } from "./custom-request.schema";

/**
 * The largest custom request the action reads: three photos of at most 8 MB each and the form.
 * The HTTP layer (server/body-limit.ts) lets this path carry a little more, so that the form,
 * not that layer, explains a too-large request when the browser announced its size.
 */
export const CUSTOM_REQUEST_FORM_MAX_BYTES = MAX_REQUEST_PHOTOS * PRODUCT_IMAGE_UPLOAD_MAX_BYTES + 1024 * 1024;
