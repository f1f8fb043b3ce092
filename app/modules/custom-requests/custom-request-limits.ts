import { PRODUCT_IMAGE_UPLOAD_MAX_BYTES } from "~/modules/catalog/product-image-rules";
import { MAX_REQUEST_PHOTOS } from "./custom-request.schema";

/** Room for the form's text fields beside the photos. */
const FORM_FIELDS_BYTES = 1024 * 1024;

/**
 * The largest custom request the action reads from a signed-in customer: three photos of at most
 * 8 MB each and the form. The HTTP layer (server/body-limit.ts) lets this path carry a little
 * more, so that the form, not that layer, explains a too-large request when the browser
 * announced its size.
 */
export const CUSTOM_REQUEST_FORM_MAX_BYTES = MAX_REQUEST_PHOTOS * PRODUCT_IMAGE_UPLOAD_MAX_BYTES + FORM_FIELDS_BYTES;

/**
 * A guest's photos together: 12 MB, three ordinary phone photos (a 12-megapixel phone JPEG is
 * 2–4 MB). Anyone can post as a guest from any address, so a guest's post is about half a
 * signed-in customer's: a flood of guest posts holds half the memory. A guest with larger
 * photos is told to send smaller ones or sign in.
 */
export const CUSTOM_REQUEST_GUEST_PHOTOS_MAX_BYTES = 12 * 1024 * 1024;
export const CUSTOM_REQUEST_GUEST_FORM_MAX_BYTES = CUSTOM_REQUEST_GUEST_PHOTOS_MAX_BYTES + FORM_FIELDS_BYTES;
