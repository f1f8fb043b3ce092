/**
 * Product and page images are stored as a base path; each exists as `<base>-<width>.webp`.
 * A full file path (with an extension) is used as it is.
 */
export const PRODUCT_IMAGE_WIDTHS = [480, 960] as const;

export function hasExtension(path: string): boolean {
  return /\.[a-z0-9]{2,5}$/i.test(path);
}

export function imageSrc(base: string, width: number): string {
  return hasExtension(base) ? base : `${base}-${width}.webp`;
}

export function imageSrcSet(base: string, widths: readonly number[] = PRODUCT_IMAGE_WIDTHS): string | undefined {
  return hasExtension(base) ? undefined : widths.map((w) => `${base}-${w}.webp ${w}w`).join(", ");
}

/** An absolute URL for social cards and structured data. */
export function absoluteImage(origin: string, base: string, width = 960): string {
  return new URL(imageSrc(base, width), origin).href;
}
