import { useState } from "react";
import { DEFAULT_SIZE } from "~/modules/catalog/catalog-constants";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { NO_COLOR, sizeToOffer, stockOf, variantLabel } from "~/modules/catalog/variants";

/**
 * "Emerald", "Emerald and Midnight", "Emerald, Midnight and Ivory" (British: no comma before
 * "and"). Written out rather than Intl.ListFormat, whose first use on a page costs a phone tens
 * of milliseconds.
 */
function colourList(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * Colour, size (or made to measure) and quantity chosen on a product page or in Quick View.
 * Stock is kept per colour × size (DECISIONS.md "Sizes, colours and made to measure"), so the
 * size follows the colour: a size sold out in the colour chosen next is swapped for one in
 * stock there (or none), and `notice` says so, politely, for the size picker to announce.
 */
export function useProductSelection(product: ProductDetail, options: { askSize?: boolean } = {}) {
  const [colorIndex, setColorIndexState] = useState(0);
  const [size, setSizeState] = useState<string | null>(() => initialSize(product, options.askSize ?? false));
  const [wanted, setWanted] = useState<string | null>(() => (asksSize(product, options.askSize ?? false) ? null : preferredSize(product)));
  const [quantity, setQuantityState] = useState(1);
  // Made to measure, chosen beside the sizes when the product offers it (then no size applies).
  const [madeToMeasure, setMadeToMeasure] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const color = product.colors[colorIndex] ?? null;
  const colorName = color?.name ?? NO_COLOR;
  /** Units left of the chosen colour and size (0 while no size is chosen). */
  const variantStock = size === null ? 0 : stockOf(product.variants, colorName, size);

  /** Keeps the quantity within what is left of the variant now chosen (at least 1 on screen). */
  const fitQuantity = (stock: number) => setQuantityState((q) => Math.max(1, Math.min(q, stock)));

  function setColorIndex(index: number) {
    const next = product.colors[index];
    if (!next || index === colorIndex) return;
    setColorIndexState(index);
    // The size the shopper asked for, even while a sold-out colour left none chosen.
    const base = size ?? wanted;
    if (base === null) return setNotice(null);
    const offered = sizeToOffer(product.variants, product.sizes, next.name, base);
    const left = stockOf(product.variants, next.name, offered);
    setSizeState(left > 0 ? offered : null);
    // Made to measure takes no size nor stock: its quantity stays, and a swap is not worth saying.
    if (!madeToMeasure) fitQuantity(left);
    // Said when a size was swapped; a colour sold out in every size is said by the stock line below the sizes.
    setNotice(
      left > 0 && offered !== base && !madeToMeasure ? `${base} is sold out in ${next.name}, so we have chosen ${offered} instead.` : null,
    );
  }

  /** A sold-out size was pressed: say where it can still be had (other colours, made to measure). */
  function explainSoldOut(soldOut: string) {
    const elsewhere = product.colors
      .filter((c) => c.name !== colorName && stockOf(product.variants, c.name, soldOut) > 0)
      .map((c) => c.name);
    setNotice(
      [
        `${variantLabel(colorName, soldOut)} is sold out.`,
        elsewhere.length > 0 ? `It is in stock in ${colourList(elsewhere)}.` : null,
        product.madeToMeasure ? "Made to measure is still available." : null,
      ]
        .filter(Boolean)
        .join(" "),
    );
  }

  function setSize(next: string) {
    setSizeState(next);
    setWanted(next);
    setNotice(null);
    fitQuantity(stockOf(product.variants, colorName, next));
  }

  return {
    colorIndex,
    setColorIndex,
    size,
    setSize,
    explainSoldOut,
    quantity,
    setQuantity: setQuantityState,
    madeToMeasure,
    setMadeToMeasure,
    color,
    image: color?.image ?? product.image,
    variantStock,
    /** What the shop changed for the shopper (a sold-out size swapped), to announce; null otherwise. */
    notice,
  };
}
export type ProductSelection = ReturnType<typeof useProductSelection>;

/**
 * The size chosen when the page opens: M (or the product's first size) in the first colour, or
 * the first size in stock there when that one is sold out; none when the colour is sold out in
 * every size, or when a card's quick add asks the shopper to pick (askSize).
 */
function initialSize(product: ProductDetail, askSize: boolean): string | null {
  if (asksSize(product, askSize)) return null;
  const colorName = product.colors[0]?.name ?? NO_COLOR;
  const offered = sizeToOffer(product.variants, product.sizes, colorName, preferredSize(product));
  return stockOf(product.variants, colorName, offered) > 0 ? offered : null;
}

/** Quick add from a card asks for the size instead of picking one the shopper never saw. */
function asksSize(product: ProductDetail, askSize: boolean): boolean {
  return askSize && product.sizes.length > 1;
}

function preferredSize(product: ProductDetail): string {
  return product.sizes.includes(DEFAULT_SIZE) ? DEFAULT_SIZE : (product.sizes[0] ?? DEFAULT_SIZE);
}
