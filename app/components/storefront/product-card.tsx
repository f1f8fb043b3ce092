import { Eye, ShoppingBag } from "lucide";
import { lazy, Suspense, useState } from "react";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import type { ProductCardData } from "~/modules/catalog/catalog-types";
import { cn } from "~/lib/cn";
import { contentKey, DrawnOnce } from "~/lib/rendered-once";
import { useMountedAfterHydration } from "~/lib/use-hydrated";
import { Price } from "./price";
import { ProductBadges } from "./product-badges";
import { ProductImage } from "./product-image";
import { useStoreCurrency } from "./use-store-settings";
import { WishlistButton } from "./wishlist-button";

const QuickViewDialog = lazy(() => import("./quick-view").then((m) => ({ default: m.QuickViewDialog })));

export const CARD_IMAGE_SIZES = "(min-width: 1280px) 320px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";

/**
 * A product in a grid. Its bag button asks for the size (Quick View with no size chosen) rather
 * than adding one the shopper never saw; the eye opens Quick View with the usual default.
 */
export function ProductCard({ product, index = 0, priority = false }: { product: ProductCardData; index?: number; priority?: boolean }) {
  // Closed, or open as Quick View ("view") or as the quick add's size choice ("choose-size").
  const [quickView, setQuickView] = useState<false | "view" | "choose-size">(false);
  const soldOut = product.totalStock <= 0;
  const href = `/product/${product.id}`;
  // Cards in the server's HTML show at once (the first row is the phone's largest paint); cards a
  // filter or a page change brings in rise into place.
  const fadeIn = useMountedAfterHydration();

  return (
    <article
      className={cn("group relative flex flex-col", fadeIn && "animate-fade-up")}
      style={fadeIn ? { animationDelay: `${Math.min(index, 11) * 0.06}s` } : undefined}
      aria-label={product.name}
    >
      <div className="relative overflow-hidden rounded-sm bg-sand">
        <ProductImage
          base={product.image}
          alt=""
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          className={cn("card-picture", soldOut && "opacity-70")}
        />
        <ProductBadges
          isNew={product.isNew}
          isBestseller={product.isBestseller}
          price={product.price}
          originalPrice={product.originalPrice}
          soldOut={soldOut}
          // Small chips in the picture's top corner on a phone, side by side, clear of the garment.
          chips
          className="card-badges"
        />
        <WishlistButton productId={product.id} productName={product.name} className="absolute top-3 right-3 z-10" />
        {/* The card's classes are named in app.css: every listing repeats them for each card. */}
        <div className="card-actions">
          <button
            type="button"
            disabled={soldOut}
            onClick={() => setQuickView("choose-size")}
            aria-haspopup="dialog"
            className="card-choose-size"
            aria-label={soldOut ? `Sold Out: ${product.name}` : `Choose size: ${product.name}`}
          >
            <Icon of={ShoppingBag} className="size-4" />
            <span className="hidden sm:inline">{soldOut ? "Sold Out" : "Choose Size"}</span>
          </button>
          <button type="button" onClick={() => setQuickView("view")} className="card-quick-view" aria-label={`Quick view ${product.name}`}>
            <Icon of={Eye} className="size-4" />
          </button>
        </div>
      </div>
      <div className="mt-4 space-y-1">
        <p className="text-[0.7rem] font-bold tracking-[0.18em] text-gold-ink uppercase">{product.category?.name ?? "Ahenfie"}</p>
        <h3 className="font-display text-xl leading-tight font-semibold">
          {/* The card's one link: stretched over the whole card (picture included) by its ::after;
              the buttons over the picture sit above it (z-10). */}
          <Link to={href} prefetch="intent" className="group-hover:text-forest-soft after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        <Price price={product.price} originalPrice={product.originalPrice} />
      </div>
      {quickView && (
        <Suspense fallback={null}>
          <QuickViewDialog
            product={product}
            open
            askSize={quickView === "choose-size"}
            onOpenChange={(open) => setQuickView(open ? quickView : false)}
          />
        </Suspense>
      )}
    </article>
  );
}

/**
 * Products in a grid. On the server each card's markup is drawn once per product as it stands
 * (app/lib/rendered-once.ts): a card is the same on every page that shows it (a collection, every
 * search and filter it appears in), and the cards are two thirds of a search page's elements. The
 * key holds all the markup depends on: the card's data, the store currency its price is shown
 * in, and whether its picture loads first (the first row's: each page showing it then announces the
 * picture in its head, as drawn in place). (On the server a card shows no wishlist mark, no
 * approximate price and no entrance; those come in the browser.) The browser renders the cards as
 * usual and hydrates the same markup.
 */
export function ProductGrid({ products, priorityCount = 0 }: { products: ProductCardData[]; priorityCount?: number }) {
  const currency = useStoreCurrency();
  return (
    <ul className="grid grid-cols-1 gap-x-4 gap-y-10 min-[360px]:grid-cols-2 md:gap-x-6 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => {
        const priority = index < priorityCount;
        const card = <ProductCard product={product} index={index} priority={priority} />;
        return (
          <DrawnOnce as="li" key={product.id} drawKey={`product-card ${currency} ${priority} ${contentKey(product)}`}>
            {card}
          </DrawnOnce>
        );
      })}
    </ul>
  );
}
