import { useState, useSyncExternalStore } from "react";
import { usePageContext } from "~/lib/page-context";
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

/** What the shopper has chosen; changed only through `selectionOf`'s functions. */
interface SelectionState {
  colorIndex: number;
  size: string | null;
  /** The size the shopper asked for, kept while a sold-out colour leaves none chosen. */
  wanted: string | null;
  quantity: number;
  /** Made to measure, chosen beside the sizes when the product offers it (then no size applies). */
  madeToMeasure: boolean;
  notice: string | null;
  /** The sold-out size the shopper last pressed (offered "Tell me when it is back"); cleared once another size or colour is chosen. */
  soldOutAsked?: string | null;
}
type UpdateSelection = (change: (state: SelectionState) => SelectionState) => void;

/**
 * Colour, size (or made to measure) and quantity chosen in Quick View, held by the component.
 * Stock is kept per colour × size (docs/product-rules.md §13 "Sizes, colours and made to measure"), so the
 * size follows the colour: a size sold out in the colour chosen next is swapped for one in
 * stock there (or none), and `notice` says so, politely, for the size picker to announce.
 */
export function useProductSelection(product: ProductDetail, options: { askSize?: boolean } = {}) {
  const [state, setState] = useState(() => initialSelection(product, options.askSize ?? false));
  return selectionOf(product, state, setState);
}

/**
 * The same choice on the product page, shared by its islands (decision 021): the pictures show
 * the colour the purchase panel chose, and the other way round. The first island in the browser
 * makes the store of that page view (a later visit starts afresh); on the server every render
 * starts afresh.
 */
export function useSharedProductSelection(product: ProductDetail) {
  const { key: pageKey } = usePageContext();
  const [initial] = useState(() => initialSelection(product, false));
  const store = typeof window === "undefined" ? null : sharedSelectionStore(`${pageKey} ${product.id}`, initial);
  const state = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? (() => initial), () => initial);
  return selectionOf(product, state, store?.update ?? (() => {}));
}

const noSubscription = () => () => {};

/** The stores of the page on screen, by page view and product: one page's, so nothing piles up. */
const sharedStores = new Map<string, ReturnType<typeof createSelectionStore>>();

function sharedSelectionStore(key: string, initial: SelectionState) {
  let store = sharedStores.get(key);
  if (!store) {
    sharedStores.clear();
    sharedStores.set(key, (store = createSelectionStore(initial)));
  }
  return store;
}

function createSelectionStore(initial: SelectionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(change: (state: SelectionState) => SelectionState) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The choice as the components read it, and the functions that change it. */
function selectionOf(product: ProductDetail, state: SelectionState, update: UpdateSelection) {
  const { colorIndex, size, quantity, madeToMeasure, notice, soldOutAsked } = state;
  const color = product.colors[colorIndex] ?? null;
  const colorName = color?.name ?? NO_COLOR;
  return {
    colorIndex,
    setColorIndex: (index: number) => update((s) => withColour(product, s, index)),
    size,
    setSize: (next: string) =>
      update((s) => ({
        ...s,
        size: next,
        wanted: next,
        notice: null,
        soldOutAsked: null,
        quantity: fitQuantity(s.quantity, stockOf(product.variants, colourNameAt(product, s.colorIndex), next)),
      })),
    /** A sold-out size was pressed: say where it can still be had (other colours, made to measure). */
    explainSoldOut: (soldOut: string) =>
      update((s) => ({ ...s, notice: soldOutNotice(product, colourNameAt(product, s.colorIndex), soldOut), soldOutAsked: soldOut })),
    quantity,
    setQuantity: (next: number) => update((s) => ({ ...s, quantity: next })),
    madeToMeasure,
    setMadeToMeasure: (next: boolean) => update((s) => ({ ...s, madeToMeasure: next })),
    color,
    image: color?.image ?? product.image,
    /** Units left of the chosen colour and size (0 while no size is chosen). */
    variantStock: size === null ? 0 : stockOf(product.variants, colorName, size),
    /** What the shop changed for the shopper (a sold-out size swapped), to announce; null otherwise. */
    notice,
    soldOutAsked,
  };
}

const colourNameAt = (product: ProductDetail, index: number) => product.colors[index]?.name ?? NO_COLOR;

/** Keeps the quantity within what is left of the variant now chosen (at least 1 on screen). */
const fitQuantity = (quantity: number, stock: number) => Math.max(1, Math.min(quantity, stock));

function withColour(product: ProductDetail, s: SelectionState, index: number): SelectionState {
  const next = product.colors[index];
  if (!next || index === s.colorIndex) return s;
  // The size the shopper asked for, even while a sold-out colour left none chosen.
  const base = s.size ?? s.wanted;
  if (base === null) return { ...s, colorIndex: index, notice: null, soldOutAsked: null };
  const offered = sizeToOffer(product.variants, product.sizes, next.name, base);
  const left = stockOf(product.variants, next.name, offered);
  return {
    ...s,
    colorIndex: index,
    soldOutAsked: null,
    size: left > 0 ? offered : null,
    // Made to measure takes no size nor stock: its quantity stays, and a swap is not worth saying.
    quantity: s.madeToMeasure ? s.quantity : fitQuantity(s.quantity, left),
    // Said when a size was swapped; a colour sold out in every size is said by the stock line below the sizes.
    notice:
      left > 0 && offered !== base && !s.madeToMeasure
        ? `${base} is sold out in ${next.name}, so we have chosen ${offered} instead.`
        : null,
  };
}

function soldOutNotice(product: ProductDetail, colorName: string, soldOut: string): string {
  const elsewhere = product.colors.filter((c) => c.name !== colorName && stockOf(product.variants, c.name, soldOut) > 0).map((c) => c.name);
  return [
    `${variantLabel(colorName, soldOut)} is sold out.`,
    elsewhere.length > 0 ? `It is in stock in ${colourList(elsewhere)}.` : null,
    product.madeToMeasure ? "Made to measure is still available." : null,
  ]
    .filter(Boolean)
    .join(" ");
}

function initialSelection(product: ProductDetail, askSize: boolean): SelectionState {
  return {
    colorIndex: 0,
    size: initialSize(product, askSize),
    wanted: asksSize(product, askSize) ? null : preferredSize(product),
    quantity: 1,
    madeToMeasure: false,
    notice: null,
  };
}
export type ProductSelection = ReturnType<typeof selectionOf>;

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
