import path from "node:path";
import { PackageOpen, Plus } from "lucide-react";
import { useEffect } from "react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { DataTable } from "~/components/admin/list/data-table";
import { ListPage } from "~/components/admin/list/list-page";
import { listMeta } from "~/components/admin/list/list-route";
import { keepListWhenClosing, useUrlDialog } from "~/components/admin/list/use-url-dialog";
import type { ProductActionResult } from "~/components/admin/products/product-action";
import { productColumns } from "~/components/admin/products/product-columns";
import { loadedProductKey, PRODUCT_PARAM, ProductEditor, type ProductDialogState } from "~/components/admin/products/product-editor";
import { ProductFilters } from "~/components/admin/products/product-filters";
import { ProductsLoadError } from "~/components/admin/products/products-load-error";
import { buttonVariants } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { z } from "zod";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { LOW_STOCK_THRESHOLD } from "~/modules/catalog/stock-level";
import { DuplicateSkuError, ProductNotFoundError, UnknownCategoryError } from "~/modules/catalog/product-errors";
import { parseAdminProductFilters } from "~/modules/catalog/product-filters.schema";
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  listProductCategories,
  updateProduct,
} from "~/modules/catalog/product-management.server";
import { readProductForm } from "~/modules/catalog/product-form.server";
import { productFormSchema } from "~/modules/catalog/product.schema";
import { PRODUCT_FORM_MAX_BYTES, PRODUCT_IMAGE_MESSAGES } from "~/modules/catalog/product-image-rules";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/products";

export const meta = listMeta("Products");

/** The dialog is part of the URL (?product=new or ?product=<id>), so a reload keeps it open. */
async function dialogState(db: Parameters<typeof getAdminProduct>[0], param: string | null): Promise<ProductDialogState> {
  if (param === "new") return { mode: "add" };
  if (!param || !/^\d{1,10}$/.test(param)) return { mode: "closed" };
  const id = Number(param);
  const product = await getAdminProduct(db, id).catch((e: unknown) => (e instanceof ProductNotFoundError ? null : Promise.reject(e)));
  return { mode: "edit", id, product };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const params = url.searchParams;
  // The dashboard's "Add product" quick action links here with ?new=1.
  if (params.get("new") === "1") {
    params.delete("new");
    params.set(PRODUCT_PARAM, "new");
    throw redirect(`${url.pathname}?${params}`);
  }
  const db = context.database.db;
  try {
    const [listing, categories, settings, dialog] = await Promise.all([
      listAdminProducts(db, parseAdminProductFilters(params)),
      listProductCategories(db),
      getStoreSettings(db),
      dialogState(db, params.get(PRODUCT_PARAM)),
    ]);
    return { ok: true as const, listing, categories, currency: settings.currency, dialog };
  } catch (error) {
    // docs/product-rules.md: "Failed to fetch products", with a Retry; the page around it still works.
    context.log.error({ err: error }, "admin products failed to load");
    return { ok: false as const };
  }
}

/** Closing the dialog (only ?product= dropped) keeps the list as it is. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepListWhenClosing(PRODUCT_PARAM, args);
}

const reply = (result: ProductActionResult, status = 200) => data<ProductActionResult>(result, { status });

const INCOMPLETE = "The form was incomplete. Please reload the page and try again.";

const productId = z.object({
  id: z
    .string({ error: INCOMPLETE })
    .regex(/^\d{1,10}$/, INCOMPLETE)
    .transform(Number)
    .refine((id) => id > 0, INCOMPLETE),
});

/** The dialog's create and update, and the table's delete. */
const productForms = {
  create: productFormSchema,
  update: z.intersection(productId, productFormSchema),
  delete: productId,
};

/** The product form (not yet on the Conform kit) keys errors "colors.0.hex"; Conform names them "colors[0].hex". */
const dottedKeys = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([name, message]) => [name.replace(/\[(\d+)\]/g, ".$1"), message]));

function refusal(refused: GuardFailure): ProductActionResult {
  switch (refused.reason) {
    case "origin":
      return { ok: false, message: refused.message ?? "This form must be sent from the shop." };
    case "too-large":
      return { ok: false, message: PRODUCT_IMAGE_MESSAGES.request, fieldErrors: { imageUrl: PRODUCT_IMAGE_MESSAGES.request } };
    case "intent":
      return { ok: false, message: INCOMPLETE };
    case "input":
      if (refused.fieldErrors.id) return { ok: false, message: INCOMPLETE };
      return { ok: false, message: "Please correct the highlighted fields.", fieldErrors: dottedKeys(refused.fieldErrors) };
  }
}

async function saveProduct(form: FormData, context: Route.ActionArgs["context"], id: number | null) {
  const reading = await readProductForm(form, path.join(context.config.dataDir, "uploads"));
  if (!reading.ok) return reply({ ok: false, message: "Please correct the highlighted fields.", fieldErrors: reading.fieldErrors }, 400);
  const db = context.database.db;
  try {
    const product = id === null ? await createProduct(db, reading.input) : await updateProduct(db, id, reading.input);
    return reply({ ok: true, intent: id === null ? "create" : "update", product: { id: product.id, name: product.name } });
  } catch (error) {
    if (error instanceof DuplicateSkuError) return reply({ ok: false, message: error.message, fieldErrors: { sku: error.message } }, 409);
    if (error instanceof UnknownCategoryError)
      return reply({ ok: false, message: error.message, fieldErrors: { categoryId: error.message } }, 400);
    if (error instanceof ProductNotFoundError) return reply({ ok: false, message: error.message }, 404);
    throw error;
  }
}

/**
 * Create (intent=create), edit (intent=update, id) and delete (intent=delete, id). The guard
 * checks method, admin session, same origin, size (before the body is read), then the form
 * with the shared schema; photos are stored only once the rest is valid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    { access: "admin", intents: productForms, maxBodyBytes: PRODUCT_FORM_MAX_BYTES, unknownIntent: INCOMPLETE, reply: refusal },
  );
  if (!guarded.ok) return guarded.response;

  try {
    if (guarded.intent === "create") return await saveProduct(guarded.form, context, null);
    if (guarded.intent === "update") return await saveProduct(guarded.form, context, guarded.value.id);
    try {
      const deleted = await deleteProduct(context.database.db, guarded.value.id);
      return reply({ ok: true, intent: "delete", product: deleted });
    } catch (error) {
      if (error instanceof ProductNotFoundError) return reply({ ok: false, message: error.message }, 404);
      throw error;
    }
  } catch (error) {
    context.log.error({ err: error }, "admin product action failed");
    return reply({ ok: false, message: "Something went wrong on our side. Please try again." }, 500);
  }
}

export default function AdminProducts({ loaderData: data }: Route.ComponentProps) {
  const dialog = useUrlDialog(PRODUCT_PARAM, data.ok ? loadedProductKey(data.dialog) : null);
  useEffect(() => {
    if (!data.ok) notify.error("Failed to fetch products", { description: "The product list could not be loaded. Please try again." });
  }, [data]);
  const add = { href: dialog.openHref("new"), state: { openedFromList: true } };
  return (
    <ListPage
      title="Products"
      description="Everything the storefront sells: prices, stock, photos and what is on show."
      actions={
        <Link to={add.href} state={add.state} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden /> Add Product
        </Link>
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
          action: { label: "Add Product", href: add.href, opensDialog: true },
        },
        filtered: { title: "No products match these filters", body: "Try another name or SKU, or widen the category and status." },
      }}
      details={data.ok && <ProductEditor dialog={dialog} loaded={data.dialog} categories={data.categories} currency={data.currency} />}
    >
      {data.ok ? (
        <DataTable
          rows={data.listing.items}
          columns={productColumns(data.currency, LOW_STOCK_THRESHOLD, dialog.openHref)}
          rowKey={(product) => product.id}
          caption={`Products, page ${data.listing.page} of ${Math.max(data.listing.pageCount, 1)}`}
          label="Products"
          minWidth="min-w-[56rem]"
          phone="scroll"
        />
      ) : (
        <ProductsLoadError />
      )}
    </ListPage>
  );
}
