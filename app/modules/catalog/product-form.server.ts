import { productFormInput } from "./product-form-data";
import { ProductImageError } from "./product-errors";
import { productFieldErrors, productFormSchema, type ProductInput } from "./product.schema";
import { saveProductImage } from "./product-images.server";

/**
 * The admin product form as posted (multipart): text fields as productFormInput reads them,
 * plus optional photos — `imageFile` for the product and `colors[i].imageFile` per colour.
 */
export type ProductFormReading = { ok: true; input: ProductInput } | { ok: false; fieldErrors: Record<string, string> };

const colorFileKey = /^colors\[(\d{1,2})\]\.imageFile$/;

interface PickedPhoto {
  file: File;
  /** The form field that receives the stored picture's base URL. */
  urlField: string;
  /** Where its error is shown, in productFieldErrors' key style. */
  errorKey: string;
}

function pickedPhotos(form: FormData): PickedPhoto[] {
  const photos: PickedPhoto[] = [];
  for (const [key, value] of form.entries()) {
    // An empty file input still sends a nameless, empty file.
    if (typeof value === "string" || value.size === 0) continue;
    if (key === "imageFile") photos.push({ file: value, urlField: "imageUrl", errorKey: "imageUrl" });
    const color = colorFileKey.exec(key);
    if (color) photos.push({ file: value, urlField: `colors[${color[1]}].imageUrl`, errorKey: `colors.${color[1]}.imageUrl` });
  }
  return photos;
}

/**
 * Checks the form first and stores photos only when everything else is valid, so a typo does
 * not leave files behind. Each photo is checked and resized by saveProductImage into
 * `uploadsDir`; its base URL then takes the place of the field's previous picture. A refused
 * photo becomes a field error under its own input.
 */
export async function readProductForm(form: FormData, uploadsDir: string): Promise<ProductFormReading> {
  const checked = productFormSchema.safeParse(productFormInput(form));
  if (!checked.success) return { ok: false, fieldErrors: productFieldErrors(checked.error) };

  const photos = pickedPhotos(form);
  if (photos.length === 0) return { ok: true, input: checked.data };

  const fieldErrors: Record<string, string> = {};
  for (const photo of photos) {
    try {
      const bytes = new Uint8Array(await photo.file.arrayBuffer());
      const base = await saveProductImage({ bytes, type: photo.file.type, name: photo.file.name }, uploadsDir);
      form.set(photo.urlField, base);
    } catch (error) {
      if (!(error instanceof ProductImageError)) throw error;
      fieldErrors[photo.errorKey] = error.message;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const withPhotos = productFormSchema.safeParse(productFormInput(form));
  if (!withPhotos.success) return { ok: false, fieldErrors: productFieldErrors(withPhotos.error) };
  return { ok: true, input: withPhotos.data };
}
