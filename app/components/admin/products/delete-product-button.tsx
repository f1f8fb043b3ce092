import { Trash2 } from "lucide";
import { ConfirmRowAction } from "~/components/admin/list/confirm-row-action";
import { notify } from "~/components/ui/toaster";
import { useAdminViewer } from "../use-admin-viewer";
import type { ProductActionResult } from "./product-action";

/** The row's delete button: asks docs/product-rules.md's question, then deletes through a fetcher. */
export function DeleteProductButton({ id, name }: { id: number; name: string }) {
  // Staff count stock but do not delete products (decision 047): the server would refuse it.
  if (!useAdminViewer().can("products.edit")) return null;
  return (
    <ConfirmRowAction<ProductActionResult>
      label={`Delete ${name}`}
      icon={Trash2}
      title="Delete product"
      question="Are you sure you want to delete this product?"
      detail={
        <>
          <span className="font-semibold">{name}</span> leaves the storefront at once. Orders already placed keep their lines.
        </>
      }
      fields={{ intent: "delete", id }}
      confirm="Delete"
      busy="Deleting…"
      onResult={(result) => {
        if (result.ok) notify.success("Product deleted successfully", { description: `${name} is no longer in the catalog.` });
        else notify.error("Failed to delete product", { description: result.message });
      }}
    />
  );
}
