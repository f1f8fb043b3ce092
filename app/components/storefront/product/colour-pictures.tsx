import { cn } from "~/lib/cn";
import { productImageSources } from "~/lib/images";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { colorSoldOut } from "~/modules/catalog/variants";
import type { ProductSelection } from "./use-product-selection";

/** Four to a row under the gallery: a quarter of the phone's width, of the info column from 1024 px. */
const COLOUR_PICTURE_SIZES = "(min-width: 1024px) 120px, 25vw";

/** One picture per colour under the gallery (each colour's cover), from 1024 px: choosing one chooses the colour. */
export function ColourPictures({ product, selection }: { product: ProductDetail; selection: ProductSelection }) {
  if (product.colors.length < 2) return null;
  return (
    // From 1024 px only: on a phone the colour swatches beside the sizes choose the colour, and the
    // first screen keeps room for the name, price and Add to Cart.
    <div className="hidden grid-cols-4 gap-3 lg:grid" role="group" aria-label="Colour pictures">
      {product.colors.map((color, index) => (
        <button
          key={color.name}
          type="button"
          onClick={() => selection.setColorIndex(index)}
          aria-label={`Show ${color.name}${colorSoldOut(product.variants, product.sizes, color.name) ? ", sold out" : ""}`}
          aria-pressed={index === selection.colorIndex}
          className={cn(
            "cursor-pointer overflow-hidden rounded-sm border-2 transition",
            index === selection.colorIndex ? "border-forest" : "border-transparent opacity-80 hover:opacity-100",
          )}
        >
          <img
            {...productImageSources(color.image, COLOUR_PICTURE_SIZES)}
            alt=""
            width={480}
            height={600}
            loading="lazy"
            className="aspect-[4/5] w-full bg-sand object-cover"
          />
        </button>
      ))}
    </div>
  );
}
