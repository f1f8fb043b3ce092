import { LoaderCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { ProductActionResult } from "./product-action";

/** The row's delete button: asks docs/product-rules.md's question, then deletes through a fetcher. */
export function DeleteProductButton({ id, name }: { id: number; name: string }) {
  const fetcher = useFetcher<ProductActionResult>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state === "submitting";

  useFetcherResult(fetcher, (result) => {
    setOpen(false);
    if (result.ok) notify.success("Product deleted successfully", { description: `${name} is no longer in the catalog.` });
    else notify.error("Failed to delete product", { description: result.message });
  });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${name}`}
          title="Delete"
          className="hover:bg-red-50 hover:text-destructive"
        >
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete product</AlertDialogTitle>
        <AlertDialogDescription>Are you sure you want to delete this product?</AlertDialogDescription>
        <p className="mt-3 rounded-sm border border-border bg-white px-3 py-2 text-sm">
          <span className="font-semibold">{name}</span> leaves the storefront at once. Orders already placed keep their lines.
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden />}
              {busy ? "Deleting…" : "Delete"}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
