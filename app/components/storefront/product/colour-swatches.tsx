import { cn } from "~/lib/cn";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { colorSoldOut } from "~/modules/catalog/variants";
import type { ProductSelection } from "./use-product-selection";

/**
 * The colour swatches. A colour sold out in every size keeps its swatch (its pictures can still
 * be seen, and made to measure may still be offered), struck through and named "Emerald, sold out".
 */
export function ColourSwatches({ product, selection }: { product: ProductDetail; selection: ProductSelection }) {
  const { color, colorIndex, setColorIndex } = selection;
  if (product.colors.length === 0) return null;
  const chosenSoldOut = color !== null && colorSoldOut(product.variants, product.sizes, color.name);
  return (
    <fieldset>
      <legend className="mb-3 text-xs font-bold tracking-[0.16em] text-stone uppercase">
        Colour:{" "}
        <span className="font-semibold tracking-normal text-charcoal normal-case">
          {color?.name}
          {chosenSoldOut && <span className="font-normal text-stone"> (sold out)</span>}
        </span>
      </legend>
      <div className="flex flex-wrap gap-3">
        {product.colors.map((c, index) => {
          const soldOut = colorSoldOut(product.variants, product.sizes, c.name);
          const label = soldOut ? `${c.name}, sold out` : c.name;
          return (
            <button
              key={c.name}
              type="button"
              onClick={() => setColorIndex(index)}
              aria-pressed={index === colorIndex}
              aria-label={label}
              title={label}
              className={cn(
                "size-10 cursor-pointer rounded-full border-2 p-0.5 transition",
                index === colorIndex ? "border-forest" : "border-transparent hover:border-charcoal/30",
              )}
            >
              <span
                className={cn("relative block size-full overflow-hidden rounded-full ring-1 ring-charcoal/15", soldOut && "opacity-60")}
                style={{ backgroundColor: c.hex }}
              >
                {soldOut && <SoldOutSlash />}
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The diagonal stroke over a sold-out swatch or size: ivory edged in charcoal, so it shows on any colour. */
export function SoldOutSlash({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "pointer-events-none absolute top-1/2 left-1/2 h-0.5 w-[140%] -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-ivory shadow-[0_0_0_1px_rgb(30_27_24/0.45)]",
        className,
      )}
    />
  );
}
