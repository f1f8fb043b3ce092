import { PackageOpen, Plus } from "lucide";
import { useEffect } from "react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { Icon } from "~/components/ui/icon";
import { DataTable } from "~/components/admin/list/data-table";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { productGuard, runProductAction } from "~/modules/catalog/product-action.server";
import { productColumns } from "~/components/admin/products/product-columns";
import { loadedProductKey, PRODUCT_PARAM, ProductEditor } from "~/components/admin/products/product-editor";
import { ProductFilters } from "~/components/admin/products/product-filters";
import { loadProductsPage } from "~/modules/catalog/products-page-loader.server";
import { ProductsLoadError } from "~/components/admin/products/products-load-error";
import { StockCsvActions } from "~/components/admin/products/stock-import-dialog";
import { buttonVariants } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { guardAction } from "~/modules/auth/action-guard.server";
import { LOW_STOCK_THRESHOLD } from "~/modules/catalog/stock-level";
import type { Route } from "./+types/products";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";

export const meta = listMeta("Products");

export async function loader(args: Route.LoaderArgs) {
  return loadProductsPage(args);
}

/** Closing the dialog (only ?product= dropped) keeps the list as it is. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(PRODUCT_PARAM, args);
}

/**
 * Create (intent=create), edit (intent=update, id), delete (intent=delete, id) and the stock CSV
 * import (intent=import-stock, file). The guard
 * checks method, admin session, same origin, size (before the body is read), then the form
 * with the shared schema; photos are stored only once the rest is valid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction({ request, context }, productGuard);
  return guarded.ok ? runProductAction(guarded, context) : guarded.response;
}

export default function AdminProducts({ loaderData: data }: Route.ComponentProps) {
  const dialog = useUrlDialog(PRODUCT_PARAM, data.ok ? loadedProductKey(data.dialog) : null);
  useEffect(() => {
    if (!data.ok) notify.error("Failed to fetch products", { description: "The product list could not be loaded. Please try again." });
  }, [data]);
  const add = { href: dialog.openHref("new"), state: { openedFromList: true } };
  // Staff count stock but do not set prices (decision 047): no Add Product for them.
  const { can } = useAdminViewer();
  return (
    <ListPage
      title="Products"
      description="Everything the storefront sells: prices, stock, photos and what is on show."
      actions={
        <>
          {can("stock.count") && <StockCsvActions />}
          {can("products.edit") && (
            <Link to={add.href} state={add.state} preventScrollReset className={buttonVariants()}>
              <Icon of={Plus} /> Add Product
            </Link>
          )}
        </>
      }
      filters={<ProductFilters categories={data.ok ? data.categories : []} />}
      dialog={dialog}
      noun="products"
      listing={data.ok ? { ...data.listing, rows: data.listing.items } : null}
      empty={{
        icon: PackageOpen,
        none: {
          title: "No products yet",
          body: "Add your first product: it appears on the storefront as soon as it is saved as active.",
          ...(can("products.edit") ? { action: { label: "Add Product", href: add.href, opensDialog: true } } : {}),
        },
        filtered: { title: "No products match these filters", body: "Try another name or SKU, or widen the category and status." },
      }}
      details={
        data.ok && (
          <ProductEditor
            dialog={dialog}
            loaded={data.dialog}
            categories={data.categories}
            currency={data.currency}
            timeZone={data.timeZone}
          />
        )
      }
    >
      {data.ok ? (
        <DataTable
          rows={data.listing.items}
          columns={productColumns(data.currency, LOW_STOCK_THRESHOLD, dialog.openHref)}
          rowKey={(product) => product.id}
          caption={`Products, page ${data.listing.page} of ${Math.max(data.listing.pageCount, 1)}`}
          label="Products"
          minWidth="min-w-[56rem]"
        />
      ) : (
        <ProductsLoadError />
      )}
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Products", "products", "/admin/products");
