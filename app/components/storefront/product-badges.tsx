import { Badge } from "~/components/ui/badge";
import { discountPercent } from "~/lib/money";

/** New, Bestseller, the discount percent and Sold Out, as docs/product-rules.md lists them. */
export function ProductBadges({
  isNew,
  isBestseller,
  price,
  originalPrice,
  soldOut,
  className,
}: {
  isNew: boolean;
  isBestseller: boolean;
  price: number;
  originalPrice: number | null;
  soldOut?: boolean;
  className?: string;
}) {
  const discount = discountPercent(price, originalPrice);
  if (!isNew && !isBestseller && !discount && !soldOut) return null;
  return (
    <div className={className}>
      {soldOut && <Badge variant="dark">Sold Out</Badge>}
      {isNew && <Badge>New</Badge>}
      {isBestseller && <Badge variant="gold">Bestseller</Badge>}
      {discount && <Badge variant="sale">-{discount}%</Badge>}
    </div>
  );
}
