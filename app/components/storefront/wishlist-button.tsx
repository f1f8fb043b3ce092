import { Heart } from "lucide";
import { Icon } from "~/components/ui/icon";
import { notify } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";
import { useWishlist } from "./wishlist-store";

export function WishlistButton({ productId, productName, className }: { productId: number; productName: string; className?: string }) {
  const wishlist = useWishlist();
  const saved = wishlist.has(productId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${productName} from wishlist` : `Save ${productName} to wishlist`}
      onClick={() => {
        const nowSaved = wishlist.toggle(productId);
        notify(nowSaved ? "Saved to Wishlist" : "Removed from Wishlist", {
          description: nowSaved ? `${productName} is in your wishlist` : `${productName} has been removed from your wishlist`,
        });
      }}
      className={cn("wishlist-button", className)}
    >
      <Icon of={Heart} className={cn("size-[18px] transition-colors", saved && "fill-terracotta text-terracotta")} />
    </button>
  );
}
