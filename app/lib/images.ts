/**
 * Product and page images are stored as a base path; each exists as `<base>-<width>.webp`.
 * A full file path (with an extension) is used as it is.
 *
 * Product pictures (shipped artwork, category fallbacks, uploads) exist at every width below,
 * 4:5. The steps follow what phones ask for: 240 for thumbnails (up to 80 CSS px at 3×), 480 for
 * cards, 768 for the product gallery on a phone (412 CSS px at 1.75×, 384 px at 2×), 960 above.
 */
export const PRODUCT_IMAGE_WIDTHS = [240, 480, 768, 960] as const;

export type ProductImageWidth = (typeof PRODUCT_IMAGE_WIDTHS)[number];

/** The height of a product picture `width` wide: they are all 4:5 (960×1200). */
export const productImageHeight = (width: number) => Math.round((width * 5) / 4);

export function hasExtension(path: string): boolean {
  return /\.[a-z0-9]{2,5}$/i.test(path);
}

export function imageSrc(base: string, width: number): string {
  return hasExtension(base) ? base : `${base}-${width}.webp`;
}

export function imageSrcSet(base: string): string | undefined {
  return hasExtension(base) ? undefined : PRODUCT_IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(", ");
}

/**
 * `src`, `srcSet` and `sizes` for a product picture shown at `sizes` (a CSS width such as 64, or
 * a sizes list): the browser fetches the smallest file that is sharp at the screen's density.
 * `src` is for browsers without srcset.
 */
export function productImageSources(base: string, sizes: number | string, fallbackWidth: ProductImageWidth = 480) {
  return {
    src: imageSrc(base, fallbackWidth),
    srcSet: imageSrcSet(base),
    sizes: typeof sizes === "number" ? `${sizes}px` : sizes,
  };
}

/** A path the URL parser would leave as it is: a slash, then unreserved characters and slashes, no `..` or `//`. */
const PLAIN_PATH = /^(?!.*(?:\.\.|\/\/))\/[\w\-.~/]*$/;

/**
 * An absolute URL for social cards and structured data. A collection's structured data names
 * every product's picture, so a plain path is joined to the origin as text; anything else is
 * left to the URL parser.
 */
export function absoluteImage(origin: string, base: string, width = 960): string {
  const src = imageSrc(base, width);
  return PLAIN_PATH.test(src) && !origin.endsWith("/") ? origin + src : new URL(src, origin).href;
}
