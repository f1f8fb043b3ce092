import { stockLevel } from "~/modules/catalog/stock-level";
import { stockOf } from "~/modules/catalog/variants";
import { lineTotal } from "~/modules/pricing/order-totals";
import { Minus, Plus, Ruler, ShoppingBag } from "lucide-react";
import { MADE_TO_MEASURE_MAX_QUANTITY } from "~/modules/cart/cart";
import { MadeToMeasurePanel, useMadeToMeasureForm } from "./product/made-to-measure-panel";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { DEFAULT_SIZE } from "~/modules/catalog/catalog-constants";
import { cn } from "~/lib/cn";
import { useCart } from "./cart/cart-provider";
import { cartLineFromProduct } from "./cart/cart-line-from-product";
import { useFormatMoney } from "./use-store-settings";

/** Colour, size (or made to measure) and quantity chosen on a product page or in Quick View. */
export function useProductSelection(product: ProductDetail, options: { askSize?: boolean } = {}) {
  const [colorIndex, setColorIndex] = useState(0);
  // Quick add from a card asks for the size instead of picking one the shopper never saw (askSize).
  const [size, setSize] = useState<string | null>(
    options.askSize && product.sizes.length > 1
      ? null
      : product.sizes.includes(DEFAULT_SIZE)
        ? DEFAULT_SIZE
        : (product.sizes[0] ?? DEFAULT_SIZE),
  );
  const [quantity, setQuantity] = useState(1);
  // Made to measure, chosen beside the sizes when the product offers it (then no size applies).
  const [madeToMeasure, setMadeToMeasure] = useState(false);
  const color = product.colors[colorIndex] ?? null;
  return {
    colorIndex,
    setColorIndex,
    size,
    setSize,
    quantity,
    setQuantity,
    madeToMeasure,
    setMadeToMeasure,
    color,
    image: color?.image ?? product.image,
  };
}
export type ProductSelection = ReturnType<typeof useProductSelection>;

export function ProductPurchase({
  product,
  selection,
  compact = false,
}: {
  product: ProductDetail;
  selection: ProductSelection;
  compact?: boolean;
}) {
  const cart = useCart();
  const formatMoney = useFormatMoney();
  const { colorIndex, setColorIndex, size, setSize, quantity, setQuantity, color, madeToMeasure, setMadeToMeasure } = selection;
  const [sizeMissing, setSizeMissing] = useState(false);
  const firstSize = useRef<HTMLButtonElement>(null);
  const offer = product.madeToMeasure;
  const bespoke = madeToMeasure && offer !== null;
  const measurementsForm = useMadeToMeasureForm(bespoke);
  const mustChooseSize = !bespoke && size === null && product.sizes.length > 0;
  const variantStock = size === null ? 0 : stockOf(product.variants, color?.name, size);
  const level = stockLevel(variantStock);
  // Made to measure is cut to order: the stock figure does not limit it.
  const soldOut = !bespoke && level === "sold-out";
  const lowStock = !bespoke && level === "low";
  const maxQuantity = bespoke ? MADE_TO_MEASURE_MAX_QUANTITY : variantStock;
  const unitPrice = product.price + (bespoke ? offer.surcharge : 0);
  const idPrefix = `${compact ? "quick-view-" : ""}made-to-measure-${product.id}`;

  return (
    <div className={cn("space-y-6", compact && "space-y-5")}>
      {product.colors.length > 0 && (
        <fieldset>
          <legend className="mb-3 text-xs font-bold tracking-[0.16em] text-stone uppercase">
            Colour: <span className="font-semibold tracking-normal text-charcoal normal-case">{color?.name}</span>
          </legend>
          <div className="flex flex-wrap gap-3">
            {product.colors.map((c, index) => (
              <button
                key={c.name}
                type="button"
                onClick={() => setColorIndex(index)}
                aria-pressed={index === colorIndex}
                aria-label={c.name}
                title={c.name}
                className={cn(
                  "size-10 cursor-pointer rounded-full border-2 p-0.5 transition",
                  index === colorIndex ? "border-forest" : "border-transparent hover:border-charcoal/30",
                )}
              >
                <span className="block size-full rounded-full ring-1 ring-charcoal/15" style={{ backgroundColor: c.hex }} />
              </button>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset>
        <legend className="mb-3 flex w-full items-baseline justify-between text-xs font-bold tracking-[0.16em] text-stone uppercase">
          <span>
            Size:{" "}
            <span className="font-semibold tracking-normal text-charcoal normal-case">
              {bespoke ? "Made to measure" : (size ?? "Please choose")}
            </span>
          </span>
          {!compact && (
            <a href="/size-guide" className="font-semibold tracking-normal text-forest normal-case underline underline-offset-4">
              Size guide
            </a>
          )}
        </legend>
        <div className="grid grid-cols-5 gap-2">
          {product.sizes.map((s, index) => (
            <button
              key={s}
              ref={index === 0 ? firstSize : undefined}
              type="button"
              onClick={() => {
                setSize(s);
                setMadeToMeasure(false);
                setSizeMissing(false);
              }}
              aria-pressed={!bespoke && s === size}
              className={cn(
                "h-11 cursor-pointer rounded-sm border text-sm font-semibold transition",
                !bespoke && s === size ? "border-forest bg-forest text-ivory" : "border-border bg-white hover:border-charcoal",
              )}
            >
              {s}
            </button>
          ))}
          {offer && (
            <button
              type="button"
              onClick={() => {
                setMadeToMeasure(true);
                setSizeMissing(false);
              }}
              aria-pressed={bespoke}
              aria-controls={bespoke ? `${idPrefix}-panel` : undefined}
              className={cn(
                "col-span-5 flex h-11 cursor-pointer items-center justify-center gap-2 rounded-sm border text-sm font-semibold transition",
                bespoke ? "border-forest bg-forest text-ivory" : "border-gold/60 bg-ivory text-charcoal hover:border-charcoal",
              )}
            >
              <Ruler className="size-4" aria-hidden />
              Made to measure
              <span className={cn("font-normal", bespoke ? "text-ivory/80" : "text-stone")}>
                {offer.surcharge > 0 ? `+ ${formatMoney(offer.surcharge)}` : "no surcharge"}
              </span>
            </button>
          )}
        </div>
        {sizeMissing && (
          <p role="alert" className="mt-2 text-sm font-semibold text-terracotta">
            Please choose a size.
          </p>
        )}
      </fieldset>

      {bespoke && <MadeToMeasurePanel offer={offer} form={measurementsForm} idPrefix={idPrefix} />}

      <div>
        <p className="mb-3 text-xs font-bold tracking-[0.16em] text-stone uppercase" id={`qty-${product.id}`}>
          Quantity
        </p>
        <div className="flex items-center gap-4">
          <div
            className="inline-flex items-center rounded-sm border border-border bg-white"
            role="group"
            aria-labelledby={`qty-${product.id}`}
          >
            <button
              type="button"
              className="inline-flex size-11 cursor-pointer items-center justify-center hover:bg-sand disabled:opacity-40"
              onClick={() => setQuantity(Math.max(1, quantity - 1))}
              disabled={quantity <= 1}
              aria-label="Decrease quantity"
            >
              <Minus className="size-4" aria-hidden />
            </button>
            <output className="w-10 text-center font-semibold tabular-nums" aria-live="polite">
              {quantity}
            </output>
            <button
              type="button"
              className="inline-flex size-11 cursor-pointer items-center justify-center hover:bg-sand disabled:opacity-40"
              onClick={() => setQuantity(quantity + 1)}
              disabled={soldOut || quantity >= maxQuantity}
              aria-label="Increase quantity"
            >
              <Plus className="size-4" aria-hidden />
            </button>
          </div>
          <span className="text-sm text-stone">
            {quantity} item{quantity === 1 ? "" : "s"} selected
          </span>
        </div>
        {lowStock && <p className="mt-2 text-sm font-semibold text-terracotta">Only {variantStock} left in stock</p>}
      </div>

      <Button
        size="lg"
        // The made-to-measure label is long: it wraps on a phone rather than widening the page.
        className={cn("w-full", bespoke && "h-auto min-h-12 py-3 whitespace-normal")}
        disabled={soldOut}
        onClick={() => {
          if (mustChooseSize) {
            setSizeMissing(true);
            firstSize.current?.focus();
            return;
          }
          const measurements = bespoke ? measurementsForm.read() : null;
          if (bespoke && !measurements) return;
          cart.add(
            cartLineFromProduct(product, {
              image: selection.image,
              size,
              color: color ? { index: colorIndex, name: color.name } : null,
              stock: variantStock,
              madeToMeasure: bespoke && measurements ? { measurements, surcharge: offer.surcharge, days: offer.days } : null,
            }),
            Math.min(quantity, maxQuantity),
          );
        }}
      >
        <ShoppingBag aria-hidden />
        {soldOut
          ? "Sold Out"
          : mustChooseSize
            ? "Choose a Size"
            : `Add to Cart${bespoke ? " - Made to measure" : ""} - ${formatMoney(lineTotal({ unitPrice, quantity }))}`}
      </Button>
    </div>
  );
}
