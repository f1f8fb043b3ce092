import type { Db } from "~db/client";
import { ProductImageError } from "~/modules/catalog/product-errors";
import { saveProductImage } from "~/modules/catalog/product-images.server";
import { CUSTOM_LINE_PHOTO_FIELD } from "./custom-line-photo";

/**
 * A custom line's optional photo (issue 46: "description, price, production time, optional
 * photo"): staff's picture of the piece, a sketch, the cloth or a garment like it. It is checked
 * and stored exactly as a product photo is (saveProductImage: JPEG, PNG or WebP by its content,
 * never its name or declared type; at most 8 MB and 50 megapixels; turned upright, metadata
 * dropped, cut to the 4:5 frame at every width), so each screen that shows a ready-made line's
 * picture shows it the same way. Like product photos it is public under /uploads/ (the payment
 * link page needs no account), named by a hash of its content: nobody finds it without the
 * picture itself.
 *
 * Only a file posted in the field counts; a text value there (a URL typed into a forged form) is
 * ignored, so a line's photo is always one the shop stored.
 */
export type CustomLinePhoto = { ok: true; photo: string | null } | { ok: false; message: string };

export async function saveCustomLinePhoto(form: FormData, db: Db): Promise<CustomLinePhoto> {
  const file = form.get(CUSTOM_LINE_PHOTO_FIELD);
  // No file chosen: the browser sends an empty one.
  if (!(file instanceof File) || file.size === 0) return { ok: true, photo: null };
  try {
    const photo = await saveProductImage({ bytes: new Uint8Array(await file.arrayBuffer()), type: file.type, name: file.name }, db);
    return { ok: true, photo };
  } catch (error) {
    if (error instanceof ProductImageError) return { ok: false, message: error.message };
    throw error;
  }
}
