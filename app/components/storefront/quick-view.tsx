import { ArrowRight, Loader2 } from "lucide";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { ProductCardData, ProductDetail } from "~/modules/catalog/catalog-types";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { ProductPurchase } from "./product-purchase";
import { useProductSelection } from "./product/use-product-selection";

/** Quick View: the product's picture, price, colours, sizes and Add to Cart without leaving the grid. */
export function QuickViewDialog({
  product,
  open,
  onOpenChange,
  askSize = false,
}: {
  product: ProductCardData;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Opened by a card's quick add: no size is chosen until the shopper picks one. */
  askSize?: boolean;
}) {
  const fetcher = useFetcher<{ product: ProductDetail | null }>();
  const { load, state, data } = fetcher;
  useEffect(() => {
    if (open && !data && state === "idle") void load(`/api/products/${product.id}`);
  }, [open, data, state, load, product.id]);

  const detail = data?.product;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        {detail ? (
          <QuickViewBody product={detail} askSize={askSize} onNavigate={() => onOpenChange(false)} />
        ) : (
          <div className="flex min-h-80 flex-col items-center justify-center gap-3 p-10 text-stone">
            <DialogTitle className="sr-only">{product.name}</DialogTitle>
            <DialogDescription className="sr-only">Quick view</DialogDescription>
            {data && !detail ? (
              <p>This product is no longer available.</p>
            ) : (
              <>
                <Icon of={Loader2} className="size-6 animate-spin" />
                <p>Loading {product.name}…</p>
              </>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function QuickViewBody({ product, askSize, onNavigate }: { product: ProductDetail; askSize: boolean; onNavigate(): void }) {
  const selection = useProductSelection(product, { askSize });
  return (
    <div className="grid md:grid-cols-2">
      <ProductImage
        base={selection.image}
        alt={`${product.name} in ${selection.color?.name ?? "its default colour"}`}
        sizes="(min-width: 768px) 448px, 100vw"
        priority
        // With the measurements open the details run long: the picture stays in view instead of stretching.
        className={selection.madeToMeasure ? "md:sticky md:top-0 md:self-start" : "md:h-full"}
      />
      <div className="space-y-5 p-6 md:p-8">
        <div className="space-y-2 pr-8">
          <p className="text-xs font-bold tracking-[0.18em] text-gold-ink uppercase">{product.category?.name}</p>
          <DialogTitle>{product.name}</DialogTitle>
          <Price price={product.price} originalPrice={product.originalPrice} size="lg" />
          <DialogDescription className="line-clamp-3">{product.description}</DialogDescription>
        </div>
        <ProductPurchase product={product} selection={selection} compact />
        <Link
          to={`/product/${product.id}`}
          onClick={onNavigate}
          className="inline-flex items-center gap-2 text-sm font-semibold text-forest underline-offset-4 hover:underline"
        >
          View full details <Icon of={ArrowRight} className="size-4" />
        </Link>
      </div>
    </div>
  );
}
