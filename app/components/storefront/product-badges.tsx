import { Badge } from "~/components/ui/badge";
import { discountPercent } from "~/lib/money";

/** New, Bestseller, the discount percent and Sold Out, as docs/product-rules.md lists them. */
export function ProductBadges({
  isNew,
  isBestseller,
  price,
  originalPrice,
  soldOut,
  chips = false,
  className,
}: {
  isNew: boolean;
  isBestseller: boolean;
  price: number;
  originalPrice: number | null;
  soldOut?: boolean;
  /** Smaller below 640 px (product cards: the badges must not hide the garment on a phone). */
  chips?: boolean;
  className?: string;
}) {
  const discount = discountPercent(price, originalPrice);
  const chip = chips ? "badge-chip" : undefined;
  if (!isNew && !isBestseller && !discount && !soldOut) return null;
  return (
    <div className={className}>
      {soldOut && (
        <Badge variant="dark" className={chip}>
          Sold Out
        </Badge>
      )}
      {isNew && <Badge className={chip}>New</Badge>}
      {isBestseller && (
        <Badge variant="gold" className={chip}>
          Bestseller
        </Badge>
      )}
      {discount && (
        <Badge variant="sale" className={chip}>
          -{discount}%
        </Badge>
      )}
    </div>
  );
}
