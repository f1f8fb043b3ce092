import { Plus } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { TablePagination } from "~/components/admin/table-pagination";
import { useUrlDialog } from "~/components/admin/use-url-dialog";
import { buttonVariants } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";
import type { loader } from "~/routes/admin/products";
import { ProductDialog } from "./product-dialog";
import { ProductsLoadError } from "./products-load-error";
import { ProductsTable } from "./products-table";
import { ProductsToolbar } from "./products-toolbar";

export type ProductsLoaderData = Awaited<ReturnType<typeof loader>>;

/** The dialog's search param: ?product=new (Add New Product) or ?product=<id> (Edit Product). */
export const PRODUCT_PARAM = "product";

/** The ?product= value shown, or about to be shown while its data loads. */
function useRequestedProduct(): string | null {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null;
  return new URLSearchParams((pending ?? location).search).get(PRODUCT_PARAM);
}

export function ProductsPage({ data }: { data: ProductsLoaderData }) {
  const loadedKey = !data.ok
    ? null
    : data.dialog.mode === "add"
      ? "new"
      : data.dialog.mode === "edit" && data.dialog.product
        ? String(data.dialog.id)
        : null;
  const dialog = useUrlDialog(PRODUCT_PARAM, loadedKey);
  const requested = useRequestedProduct();

  useEffect(() => {
    if (!data.ok) notify.error("Failed to fetch products", { description: "The product list could not be loaded. Please try again." });
  }, [data]);

  const openHref = (key: string) => dialog.hrefWith({ [PRODUCT_PARAM]: key });
  const pageHref = (page: number) => dialog.hrefWith({ [PRODUCT_PARAM]: null, page: page > 1 ? String(page) : null });

  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Everything the storefront sells: prices, stock, photos and what is on show."
        actions={
          <Link
            to={openHref("new")}
            state={{ openedFromList: true }}
            preventScrollReset
            className={cn(buttonVariants({ variant: "default" }))}
          >
            <Plus aria-hidden /> Add Product
          </Link>
        }
      />
      <section
        aria-label="Products"
        className="overflow-hidden rounded-md border border-border bg-ivory shadow-[0_1px_2px_rgba(30,27,24,0.05)]"
      >
        <ProductsToolbar filters={data.filters} categories={data.ok ? data.categories : []} />
        {data.ok ? (
          <div className={cn("transition-opacity", dialog.listLoading && "opacity-60")} aria-busy={dialog.listLoading || undefined}>
            <ProductsTable
              listing={data.listing}
              currency={data.currency}
              lowStockThreshold={data.lowStockThreshold}
              filtered={data.filters.q !== "" || data.filters.category !== "all" || data.filters.status !== "all"}
              openHref={openHref}
            />
            <TablePagination
              page={data.listing.page}
              pageCount={data.listing.pageCount}
              pageSize={data.listing.pageSize}
              total={data.listing.total}
              noun="products"
              hrefFor={pageHref}
            />
          </div>
        ) : (
          <ProductsLoadError />
        )}
      </section>
      {data.ok && requested !== null && dialog.state !== "closed" && (
        <ProductDialog
          // A fresh form (and fetcher) for each product opened.
          key={requested}
          mode={requested === "new" ? "add" : "edit"}
          // Adding needs nothing from the server, so that form opens at once.
          state={requested === "new" ? "shown" : dialog.state}
          product={data.dialog.mode === "edit" && String(data.dialog.id) === requested ? data.dialog.product : null}
          categories={data.categories}
          currency={data.currency}
          onClose={dialog.close}
        />
      )}
    </>
  );
}
