import { Minus, Plus, ShoppingBag } from "lucide";
import { lazy, Suspense, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { MADE_TO_MEASURE_MAX_QUANTITY } from "~/modules/cart/cart";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { anyInStock, colorSoldOut, NO_COLOR } from "~/modules/catalog/variants";
import { lineTotal } from "~/modules/pricing/order-totals";
import { cartLineFromProduct } from "./cart/cart-line-from-product";
import { useCart } from "./cart/use-cart";
import { ColourSwatches } from "./product/colour-swatches";
import { SizePicker } from "./product/size-picker";
import type { ProductSelection } from "./product/use-product-selection";
import { loadMadeToMeasurePanel, useMadeToMeasureForm } from "./product/use-made-to-measure-form";
import { useFormatMoney } from "./use-store-settings";
import { ORDER_LIMITS } from "~/modules/orders/order-limits";

// Shown only once the shopper chooses Made to measure, so it stays out of the first download.
const MadeToMeasurePanel = lazy(() => loadMadeToMeasurePanel().then((module) => ({ default: module.MadeToMeasurePanel })));
// Shown only once the shopper presses a sold-out size: its code too stays out of the first download.
const BackInStockForm = lazy(() => import("./product/back-in-stock-form"));

/**
 * Colours, sizes (or made to measure), quantity and Add to Cart, on the product page and in
 * Quick View. What can be bought is the chosen colour × size's own stock (docs/product-rules.md,
 * product page): the stepper stops there and the cart line keeps it as its most.
 */
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
  const { colorIndex, size, quantity, setQuantity, color, madeToMeasure, variantStock } = selection;
  const [sizeMissing, setSizeMissing] = useState(false);
  const firstSize = useRef<HTMLButtonElement>(null);
  const offer = product.madeToMeasure;
  const bespoke = madeToMeasure && offer !== null;
  const measurementsForm = useMadeToMeasureForm(bespoke);
  // Made to measure is cut to order: stock does not limit it (it sells when every size is sold out).
  const colourSoldOut = !bespoke && colorSoldOut(product.variants, product.sizes, color?.name ?? NO_COLOR);
  const soldOut = colourSoldOut || (!bespoke && size !== null && variantStock <= 0);
  const mustChooseSize = !bespoke && !soldOut && size === null && product.sizes.length > 0;
  // At most the order limit of one line (docs/product-rules.md §10), and never more than is in stock.
  const maxQuantity = bespoke ? MADE_TO_MEASURE_MAX_QUANTITY : Math.min(variantStock, ORDER_LIMITS.perLine);
  const shownQuantity = Math.max(1, Math.min(quantity, Math.max(maxQuantity, 1)));
  const unitPrice = product.price + (bespoke ? offer.surcharge : 0);
  const idPrefix = `${compact ? "quick-view-" : ""}made-to-measure-${product.id}`;
  // "Sold Out" when nothing is left at all; "Sold Out in Emerald" when another colour still has some.
  const soldOutLabel = color && anyInStock(product.variants) ? `Sold Out in ${color.name}` : "Sold Out";

  async function addToCart() {
    if (mustChooseSize) {
      setSizeMissing(true);
      firstSize.current?.focus();
      return;
    }
    const measurements = bespoke ? await measurementsForm.read() : null;
    if (bespoke && !measurements) return;
    cart.add(
      cartLineFromProduct(product, {
        image: selection.image,
        size,
        color: color ? { index: colorIndex, name: color.name } : null,
        stock: variantStock,
        madeToMeasure: bespoke && measurements ? { measurements, surcharge: offer.surcharge, days: offer.days } : null,
      }),
      Math.min(shownQuantity, maxQuantity),
    );
  }

  return (
    <div className={cn("space-y-6", compact && "space-y-5")}>
      <ColourSwatches product={product} selection={selection} />

      <SizePicker
        product={product}
        selection={selection}
        compact={compact}
        sizeMissing={sizeMissing}
        onChosen={() => setSizeMissing(false)}
        firstSize={firstSize}
        panelId={`${idPrefix}-panel`}
      />

      {!bespoke && selection.soldOutAsked && (
        <Suspense>
          <BackInStockForm product={product} selection={selection} />
        </Suspense>
      )}

      {bespoke && (
        <Suspense fallback={null}>
          <MadeToMeasurePanel offer={offer} form={measurementsForm} idPrefix={idPrefix} />
        </Suspense>
      )}

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
              className="inline-flex size-11 cursor-pointer items-center justify-center hover:bg-sand disabled:cursor-not-allowed disabled:opacity-40"
              onClick={() => setQuantity(Math.max(1, shownQuantity - 1))}
              disabled={shownQuantity <= 1}
              aria-label="Decrease quantity"
            >
              <Icon of={Minus} className="size-4" />
            </button>
            <output className="w-10 text-center font-semibold tabular-nums" aria-live="polite">
              {shownQuantity}
            </output>
            <button
              type="button"
              className="inline-flex size-11 cursor-pointer items-center justify-center hover:bg-sand disabled:cursor-not-allowed disabled:opacity-40"
              onClick={() => setQuantity(shownQuantity + 1)}
              // The chosen colour and size's own stock, up to the per-line order limit, is the most one line can hold.
              disabled={soldOut || shownQuantity >= maxQuantity}
              aria-label="Increase quantity"
            >
              <Icon of={Plus} className="size-4" />
            </button>
          </div>
          <span className="text-sm text-stone">{`${shownQuantity} item${shownQuantity === 1 ? "" : "s"} selected`}</span>
        </div>
      </div>

      <Button
        size="lg"
        // The made-to-measure label is long: it wraps on a phone rather than widening the page. On
        // the product page below 1024 px it stays at the foot of the screen, always in reach, with
        // the price (docs/product-rules.md, product page; the layout keeps room for it under the footer).
        // There the made-to-measure label takes two deliberate lines, the price under the words.
        className={cn(
          "w-full",
          bespoke && "h-auto min-h-12 flex-wrap gap-y-0.5 py-3 whitespace-normal",
          bespoke && !compact && "max-lg:px-4 max-lg:tracking-[0.08em]",
          !compact && "max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:rounded-none",
        )}
        disabled={soldOut}
        onClick={() => void addToCart()}
      >
        <Icon of={ShoppingBag} />
        {soldOut ? (
          soldOutLabel
        ) : mustChooseSize ? (
          "Choose a Size"
        ) : bespoke ? (
          <>
            <span>Add to Cart - Made to measure</span>
            <span className={cn(!compact && "max-lg:sr-only")}> - </span>
            <span className={cn(!compact && "max-lg:w-full")}>{formatMoney(lineTotal({ unitPrice, quantity: shownQuantity }))}</span>
          </>
        ) : (
          `Add to Cart - ${formatMoney(lineTotal({ unitPrice, quantity: shownQuantity }))}`
        )}
      </Button>
    </div>
  );
}
