import { Heart } from "lucide";
import { useEffect, useState } from "react";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { ProductGrid } from "~/components/storefront/product-card";
import { useWishlist } from "~/components/storefront/wishlist-store";
import { Button } from "~/components/ui/button";
import type { ProductCardData } from "~/modules/catalog/catalog-types";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Saved products: a guest's are kept in this browser, a signed-in shopper's on the account
 * (wishlist-store.ts); the cards come from the server (/api/products) so prices are current.
 * An island (app/islands/wishlist.ts): the page around it is the server's HTML.
 */
export function WishlistPage() {
  const hydrated = useHydrated();
  const { ids, signedIn, loaded } = useWishlist();
  const [fetched, setFetched] = useState<{ products: ProductCardData[] } | undefined>(undefined);
  const key = ids.join(",");

  useEffect(() => {
    if (!key) return;
    let current = true;
    fetch(`/api/products?ids=${key}`, { headers: { Accept: "application/json" } })
      .then((response) => response.json() as Promise<{ products: ProductCardData[] }>)
      .then((answer) => current && setFetched(answer))
      .catch(() => current && setFetched({ products: [] }));
    return () => {
      current = false;
    };
  }, [key]);

  // Keep the grid in step with hearts toggled on this page, without refetching.
  const products = (fetched?.products ?? []).filter((p) => ids.includes(p.id));
  const loading = hydrated && (!loaded || (ids.length > 0 && !fetched));

  return (
    <main className="mx-auto max-w-7xl px-4 py-12 md:px-8 md:py-16">
      <h1 className="text-5xl font-semibold">Wishlist</h1>
      <p className="mt-3 text-stone">
        {hydrated && signedIn ? "Pieces saved to your account, on every device you sign in on." : "Pieces you have saved on this device."}
      </p>
      <div className="mt-10">
        {!hydrated || loading ? (
          <p className="text-stone" aria-live="polite">
            Loading your wishlist...
          </p>
        ) : products.length > 0 ? (
          <ProductGrid products={products} />
        ) : (
          <div className="flex flex-col items-center rounded-sm border border-dashed border-border px-6 py-20 text-center">
            <Icon of={Heart} className="size-8 text-terracotta" />
            <p className="mt-4 font-display text-2xl">Your wishlist is empty</p>
            <p className="mt-2 text-sm text-stone">Tap the heart on any piece to keep it here.</p>
            <Button asChild className="mt-6">
              <Link to="/collections/all">Browse the collection</Link>
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}
