import { useLocation, useNavigation } from "react-router";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import type { CurrencyCode } from "~/lib/money";
import type { AdminProduct, AdminProductCategory } from "~/modules/catalog/product-management-types";
import type { RecordHistory } from "~/modules/activity/activity-read.server";
import { ProductDialog } from "./product-dialog";

/** The dialog's search param: ?product=new (Add New Product) or ?product=<id> (Edit Product). */
export const PRODUCT_PARAM = "product";

/** What the loader read for the dialog the URL asks for. */
export type ProductDialogState =
  | { mode: "closed" }
  | { mode: "add" }
  /** `history`: the product's latest changes, null for a role that does not read the activity log. */
  | { mode: "edit"; id: number; product: AdminProduct | null; history: RecordHistory | null };

/** The ?product= value the loaded data answers (for useUrlDialog). */
export function loadedProductKey(state: ProductDialogState): string | null {
  if (state.mode === "add") return "new";
  return state.mode === "edit" && state.product ? String(state.id) : null;
}

/** The ?product= value shown, or about to be shown while its data loads. */
function useRequestedProduct(): string | null {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null;
  return new URLSearchParams((pending ?? location).search).get(PRODUCT_PARAM);
}

/** The products list's dialog slot: Add New Product at once, Edit Product once the product has loaded. */
export function ProductEditor({
  dialog,
  loaded,
  categories,
  currency,
  timeZone,
}: {
  dialog: UrlDialog;
  loaded: ProductDialogState;
  categories: AdminProductCategory[];
  currency: CurrencyCode;
  timeZone: string;
}) {
  const requested = useRequestedProduct();
  if (requested === null || dialog.state === "closed") return null;
  const edited = loaded.mode === "edit" && String(loaded.id) === requested ? loaded : null;
  return (
    <ProductDialog
      // A fresh form (and fetcher) for each product opened.
      key={requested}
      mode={requested === "new" ? "add" : "edit"}
      // Adding needs nothing from the server, so that form opens at once.
      state={requested === "new" ? "shown" : dialog.state}
      product={edited?.product ?? null}
      history={edited?.history ?? null}
      categories={categories}
      currency={currency}
      timeZone={timeZone}
      onClose={dialog.close}
    />
  );
}
