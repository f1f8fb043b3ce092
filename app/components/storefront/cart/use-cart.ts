import { useMemo } from "react";
import { useBrowserValue } from "~/lib/use-browser-value";
import { notify } from "~/components/ui/toaster";
import {
  addToCart,
  cartItemCount,
  cartLineLabel,
  cartTotal,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  type CartLine,
  type NewCartLine,
} from "~/modules/cart/cart";
import { createBrowserStore } from "~/lib/browser-store";
import { ORDER_LIMITS } from "~/modules/orders/order-limits";

const EMPTY: CartLine[] = [];
export const cartStore = createBrowserStore<CartLine[]>("ahenfie.cart.v1", EMPTY, parseStoredCart);

interface Cart {
  lines: CartLine[];
  itemCount: number;
  total: number;
  isOpen: boolean;
  setOpen(open: boolean): void;
  add(item: NewCartLine, quantity?: number): void;
  increase(key: string): void;
  decrease(key: string): void;
  remove(key: string): void;
  /** Puts these lines in place of the cart's (checkout's correction to current prices; no toast). */
  replace(lines: CartLine[]): void;
  /** Empties the cart; `silent` skips the "Cart Cleared" toast (after an order is placed). */
  clear(options?: { silent?: boolean }): void;
}

/*
 * The cart is module state rather than a React context: a page hydrated as islands (decision
 * 021) has several React roots (the header's bag, a product's "Add to cart", the cart panel),
 * and they share one cart through these stores.
 */
let panelOpen = false;
const panelListeners = new Set<() => void>();
const panelStore = {
  get: () => panelOpen,
  serverSnapshot: () => false,
  subscribe(listener: () => void) {
    panelListeners.add(listener);
    return () => void panelListeners.delete(listener);
  },
};

function setOpen(open: boolean) {
  if (open === panelOpen) return;
  panelOpen = open;
  panelListeners.forEach((l) => l());
}

function add(item: NewCartLine, quantity = 1) {
  const result = addToCart(cartStore.get(), item, quantity);
  // Named with its colour and size: "Royal Kente Kaftan (Royal Gold, XL)", so the shopper hears what was added.
  const label = cartLineLabel(item);
  switch (result.kind) {
    case "out-of-stock":
      notify.error("Out of stock", { description: `${label} is sold out at the moment.` });
      return;
    case "limit":
      notify(item.madeToMeasure || item.maxQuantity >= ORDER_LIMITS.perLine ? "Quantity limit reached" : "Stock limit reached", {
        description: item.madeToMeasure
          ? `We make at most ${item.maxQuantity} of ${item.name} to one set of measurements in an order.`
          : item.maxQuantity >= ORDER_LIMITS.perLine
            ? `You can order up to ${ORDER_LIMITS.perLine} of ${label} at a time. For a larger order, please contact us.`
            : `Only ${item.maxQuantity} of ${label} ${item.maxQuantity === 1 ? "is" : "are"} in stock.`,
      });
      return;
    case "increased":
      cartStore.set(result.lines);
      notify.success("Cart Updated", {
        description: `${label} quantity increased to ${result.line.quantity}`,
        action: { label: "View cart", onClick: () => setOpen(true) },
      });
      return;
    case "added":
      cartStore.set(result.lines);
      notify.success("Added to Cart", {
        description: `${label} has been added to your cart`,
        action: { label: "View cart", onClick: () => setOpen(true) },
      });
  }
}

function remove(key: string) {
  const line = cartStore.get().find((l) => l.key === key);
  cartStore.set(removeFromCart(cartStore.get(), key));
  if (line) notify("Removed from Cart", { description: `${cartLineLabel(line)} has been removed from your cart` });
}

function changeBy(key: string, delta: number) {
  const line = cartStore.get().find((l) => l.key === key);
  if (!line) return;
  if (line.quantity + delta <= 0) return remove(key);
  cartStore.set(setQuantity(cartStore.get(), key, line.quantity + delta));
}

function clear(options?: { silent?: boolean }) {
  cartStore.set([]);
  if (!options?.silent) notify("Cart Cleared", { description: "All items have been removed from your cart" });
}

const actions = {
  setOpen,
  add,
  increase: (key: string) => changeBy(key, 1),
  decrease: (key: string) => changeBy(key, -1),
  remove,
  replace: (next: CartLine[]) => cartStore.set(next),
  clear,
};

/** The shopper's cart (kept in localStorage, shared by every tab) and whether its panel is open. */
export function useCart(): Cart {
  const lines = useBrowserValue(cartStore.subscribe, cartStore.get, cartStore.serverSnapshot);
  const isOpen = useBrowserValue(panelStore.subscribe, panelStore.get, panelStore.serverSnapshot);
  return useMemo(() => ({ lines, itemCount: cartItemCount(lines), total: cartTotal(lines), isOpen, ...actions }), [lines, isOpen]);
}
