import { ArrowRight, Loader2 } from "lucide";
import { useEffect, useState } from "react";
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
  // undefined: not asked yet or on its way; null: gone or unreadable.
  const [detail, setDetail] = useState<ProductDetail | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const wanted = open && detail === undefined && !failed;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    fetch(`/api/products/${product.id}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => {
        if (response.status === 404) return { product: null };
        if (!response.ok) throw new Error(`status ${response.status}`);
        return response.json() as Promise<{ product: ProductDetail | null }>;
      })
      .then(({ product }) => setDetail(product))
      // Offline or a server hiccup: said in the dialog; opening it again asks again.
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [wanted, product.id]);
  if (!open && failed) setFailed(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        {detail ? (
          <QuickViewBody product={detail} askSize={askSize} onNavigate={() => onOpenChange(false)} />
        ) : (
          <div className="flex min-h-80 flex-col items-center justify-center gap-3 p-10 text-stone">
            <DialogTitle className="sr-only">{product.name}</DialogTitle>
            <DialogDescription className="sr-only">Quick view</DialogDescription>
            {detail === null ? (
              <p>This product is no longer available.</p>
            ) : failed ? (
              <p role="alert">{product.name} could not be loaded. Check your connection and open it again.</p>
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
