import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { UrlDialogState } from "~/components/admin/list/use-url-dialog";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { notify } from "~/components/ui/toaster";
import type { CurrencyCode } from "~/lib/money";
import type { AdminProduct, AdminProductCategory } from "~/modules/catalog/product-management-types";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { ProductActionResult } from "./product-action";
import { ProductForm } from "./product-form";
import { RecordHistory } from "~/components/admin/activity/record-history";
import type { RecordHistory as History } from "~/modules/activity/activity-read.server";

/**
 * "Add New Product" / "Edit Product" (docs/product-rules.md). Opened by ?product=new or ?product=<id>; the
 * product to edit comes with the page's data, so until it arrives the dialog shows a
 * skeleton. It stays open while a save is under way and closes after a successful one, once
 * the page's data has been reloaded with the change.
 */
export function ProductDialog({
  mode,
  state,
  product,
  history,
  categories,
  currency,
  timeZone,
  onClose,
}: {
  mode: "add" | "edit";
  state: Exclude<UrlDialogState, "closed">;
  product: AdminProduct | null;
  /** The product's latest changes, for a role that reads the activity log (else null). */
  history: History | null;
  categories: AdminProductCategory[];
  currency: CurrencyCode;
  timeZone: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ProductActionResult>();
  const busy = fetcher.state === "submitting";
  const saved = fetcher.data?.ok === true;

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) notify.error("Failed to save product", { description: result.message });
    else
      notify.success(result.intent === "create" ? "Product created successfully" : "Product updated successfully", {
        description: result.product.name,
      });
  });

  // Close once the list has reloaded with the change, so closing need not load it again.
  const closed = useRef(false);
  useEffect(() => {
    if (!saved || fetcher.state !== "idle" || closed.current) return;
    closed.current = true;
    onClose();
  }, [saved, fetcher.state, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        className="max-w-4xl"
        // A stray click beside the dialog must not throw away a half-typed product.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <div className="px-6 pt-6 pb-5">
          <DialogTitle>{mode === "add" ? "Add New Product" : "Edit Product"}</DialogTitle>
          <DialogDescription className="mt-1">
            {mode === "add"
              ? "Fill in the details; the product goes on sale as soon as it is saved as active."
              : state === "shown" && product
                ? `Changes to ${product.name} show on the storefront as soon as they are saved.`
                : state === "loading"
                  ? "Loading the product…"
                  : "This product could not be found."}
          </DialogDescription>
        </div>
        {state === "loading" ? (
          <FormSkeleton />
        ) : state === "missing" || (mode === "edit" && !product) ? (
          <div className="grid gap-4 px-6 pb-6">
            <p role="alert" className="text-sm text-charcoal">
              This product no longer exists. It may have been deleted by another admin.
            </p>
            <Button type="button" variant="outline" className="justify-self-start" onClick={onClose}>
              Close
            </Button>
          </div>
        ) : (
          <ProductForm
            product={product}
            categories={categories}
            currency={currency}
            fetcher={fetcher}
            onCancel={onClose}
            after={
              product && history && <RecordHistory history={history} of={{ productId: product.id }} options={{ currency, timeZone }} />
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-5 px-6 pb-8" aria-busy="true" aria-label="Loading the product">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="grid gap-2">
          <div className="h-3.5 w-28 animate-pulse rounded-sm bg-sand-deep/70" />
          <div className="h-11 w-full animate-pulse rounded-sm bg-sand" />
        </div>
      ))}
      <div className="h-36 w-28 animate-pulse rounded-sm bg-sand" />
    </div>
  );
}
