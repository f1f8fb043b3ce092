import { PRODUCT_IMAGE_UPLOAD_MAX_BYTES } from "~/modules/catalog/product-image-rules";

/** The draft editor's field for a custom piece's photo (draft-pieces-section.tsx). */
export const CUSTOM_LINE_PHOTO_FIELD = "customPhoto";

/**
 * The draft editor's largest post: its fields and one photo of at most 8 MB. The guard refuses a
 * larger one unread (draft-action.server.ts); the HTTP layer (server/body-limit.ts) lets this
 * path carry a little more, so that the editor, not that layer, explains a photo too large.
 */
export const DRAFT_FORM_MAX_BYTES = PRODUCT_IMAGE_UPLOAD_MAX_BYTES + 256 * 1024;
