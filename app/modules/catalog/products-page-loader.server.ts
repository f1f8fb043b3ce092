import { redirect, type AppLoadContext } from "react-router";
import type { Db } from "~db/client";
import { parseSerialId } from "~/lib/input";
import { requireStaffPage } from "~/modules/auth/session.server";
import { ProductNotFoundError } from "~/modules/catalog/product-errors";
import { parseAdminProductFilters } from "~/modules/catalog/product-filters.schema";
import { getAdminProduct, listAdminProducts, listProductCategories } from "~/modules/catalog/product-management.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { recordHistory } from "~/modules/activity/activity-read.server";
import type { Role } from "~/modules/auth/capabilities";
import { PRODUCT_PARAM, type ProductDialogState } from "~/components/admin/products/product-editor";

/**
 * The dialog is part of the URL (?product=new or ?product=<id>), so a reload keeps it open. An
 * edited product comes with its latest changes (its History), for a role that reads the activity log.
 */
async function dialogState(db: Db, param: string | null, role: Role): Promise<ProductDialogState> {
  if (param === "new") return { mode: "add" };
  const id = parseSerialId(param);
  if (id === null) return { mode: "closed" };
  const [product, history] = await Promise.all([
    getAdminProduct(db, id).catch((e: unknown) => (e instanceof ProductNotFoundError ? null : Promise.reject(e))),
    recordHistory(db, role, { productId: id }),
  ]);
  return { mode: "edit", id, product, history };
}

/**
 * The products page's data: the filtered list, the categories, the currency and the product the
 * dialog asks for. A failure is logged and answered with `{ ok: false }`: docs/product-rules.md's
 * "Failed to fetch products" with a Retry, while the page around it still works.
 */
export async function loadProductsPage({ request, url, context }: { request: Request; url: URL; context: AppLoadContext }) {
  const viewer = await requireStaffPage(request, context, "admin/products");
  // A copy: React Router hands every loader of the request the same URL.
  const params = new URLSearchParams(url.search);
  // The dashboard's "Add product" quick action links here with ?new=1.
  if (params.get("new") === "1") {
    params.delete("new");
    params.set(PRODUCT_PARAM, "new");
    throw redirect(`${url.pathname}?${params}`);
  }
  const db = context.database.db;
  // A search the list cannot take is refused (400) before anything is read.
  const filters = parseAdminProductFilters(params);
  try {
    const [listing, categories, settings, dialog] = await Promise.all([
      listAdminProducts(db, filters),
      listProductCategories(db),
      getStoreSettings(db),
      dialogState(db, params.get(PRODUCT_PARAM), viewer.role),
    ]);
    return { ok: true as const, listing, categories, currency: settings.currency, timeZone: settings.timezone, dialog };
  } catch (error) {
    context.log.error({ err: error }, "admin products failed to load");
    return { ok: false as const };
  }
}
