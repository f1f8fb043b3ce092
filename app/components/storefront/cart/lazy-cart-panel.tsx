import { lazy, Suspense, useState } from "react";
import { useCart } from "./use-cart";

export const loadCartPanel = () => import("./cart-panel");
const CartPanel = lazy(() => loadCartPanel().then((m) => ({ default: m.CartPanel })));

/**
 * The cart panel's code (dialog, focus trap, scroll lock) loads the first time the cart
 * opens, keeping it out of every page's first download.
 */
export function LazyCartPanel() {
  const { isOpen } = useCart();
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}
