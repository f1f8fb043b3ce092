import { parseWithZod } from "@conform-to/zod/v4";
import type { Db } from "~db/client";
import { firstFieldErrors } from "~/modules/auth/action-guard.server";
import { ProductImageError } from "./product-errors";
import { productFormSchema, type ProductInput } from "./product.schema";
import { saveProductImage } from "./product-images.server";

/**
 * The admin product form as posted (multipart): the fields as Conform's parseWithZod reads
 * them with productFormSchema, plus optional photos — `imageFile` for the product and, per colour,
 * `colors[i].imageFiles[j]` for gallery slot j (`colors[i].imageFile`, one picture, is still
 * read). Errors are keyed by Conform's field names ("colors[0].images[2]").
 */
export type ProductFormReading = { ok: true; input: ProductInput } | { ok: false; fieldErrors: Record<string, string> };

const colorFileKey = /^colors\[(\d{1,2})\]\.imageFile$/;
const galleryFileKey = /^colors\[(\d{1,2})\]\.imageFiles\[(\d{1,2})\]$/;

interface PickedPhoto {
  file: File;
  /** The form field that receives the stored picture's base URL, and shows the photo's error. */
  urlField: string;
}

function pickedPhotos(form: FormData): PickedPhoto[] {
  const photos: PickedPhoto[] = [];
  for (const [key, value] of form.entries()) {
    // An empty file input still sends a nameless, empty file.
    if (typeof value === "string" || value.size === 0) continue;
    if (key === "imageFile") photos.push({ file: value, urlField: "imageUrl" });
    const color = colorFileKey.exec(key);
    if (color) photos.push({ file: value, urlField: `colors[${color[1]}].imageUrl` });
    const slot = galleryFileKey.exec(key);
    if (slot) photos.push({ file: value, urlField: `colors[${slot[1]}].images[${slot[2]}]` });
  }
  return photos;
}

function parseProductForm(form: FormData): ProductFormReading {
  const submission = parseWithZod(form, { schema: productFormSchema, disableAutoCoercion: true });
  if (submission.status === "success") return { ok: true, input: submission.value };
  return { ok: false, fieldErrors: firstFieldErrors(submission.error ?? {}) };
}

/**
 * Checks the form first and stores photos only when everything else is valid, so a typo does
 * not leave files behind. Each photo is checked, resized and stored by saveProductImage; its
 * base URL then takes the place of the field's previous picture. A refused
 * photo becomes a field error under its own input.
 */
export async function readProductForm(form: FormData, db: Db): Promise<ProductFormReading> {
  const checked = parseProductForm(form);
  if (!checked.ok) return checked;

  const photos = pickedPhotos(form);
  if (photos.length === 0) return checked;

  const fieldErrors: Record<string, string> = {};
  for (const photo of photos) {
    try {
      const bytes = new Uint8Array(await photo.file.arrayBuffer());
      const base = await saveProductImage({ bytes, type: photo.file.type, name: photo.file.name }, db);
      form.set(photo.urlField, base);
    } catch (error) {
      if (!(error instanceof ProductImageError)) throw error;
      fieldErrors[photo.urlField] = error.message;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return parseProductForm(form);
}
