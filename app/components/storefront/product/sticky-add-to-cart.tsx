import { ShoppingBag } from "lucide";
import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/**
 * The product page's Add to Cart kept in reach on a phone (below 1024 px), as Dawn does it: a bar
 * at the bottom of the screen with the name, the price and the same button, shown while the
 * page's own button is out of sight (below the first screen at first, or scrolled away) and
 * hidden while it shows. One IntersectionObserver watches the page's button; the server's HTML
 * shows the bar, so a phone has it from the first paint.
 */
export function StickyAddToCart({
  watched,
  name,
  price,
  label,
  disabled,
  onAdd,
}: {
  /** The page's own Add to Cart (its wrapper). */
  watched: RefObject<HTMLElement | null>;
  name: string;
  price: ReactNode;
  label: string;
  disabled: boolean;
  onAdd: () => void;
}) {
  const [mainInView, setMainInView] = useState(false);
  useEffect(() => {
    const target = watched.current;
    if (!target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setMainInView(entry?.isIntersecting ?? false));
    observer.observe(target);
    return () => observer.disconnect();
  }, [watched]);
  return (
    <div
      data-testid="sticky-add-to-cart"
      // Hidden (not only moved) while the page's button shows: out of the tab order and the accessibility tree.
      className={cn(
        "fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-border bg-ivory px-4 py-3 shadow-lg lg:hidden",
        mainInView && "invisible",
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-display text-base leading-tight font-semibold">{name}</p>
        <p className="text-sm font-semibold text-forest tabular-nums">{price}</p>
      </div>
      <Button className="shrink-0 uppercase" disabled={disabled} onClick={onAdd}>
        <Icon of={ShoppingBag} />
        {label}
      </Button>
    </div>
  );
}
