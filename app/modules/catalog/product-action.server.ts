import type { SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { serialId } from "~/lib/input";
import type { GuardFailure, IntentGuarded } from "~/modules/auth/action-guard.server";
import { DuplicateSkuError, DuplicateVariantSkuError, ProductNotFoundError, UnknownCategoryError } from "~/modules/catalog/product-errors";
import { readProductForm } from "~/modules/catalog/product-form.server";
import { PRODUCT_FORM_MAX_BYTES, PRODUCT_IMAGE_MESSAGES } from "~/modules/catalog/product-image-rules";
import { createProduct, deleteProduct, updateProduct } from "~/modules/catalog/product-management.server";
import { productFormSchema, type ProductInput } from "~/modules/catalog/product.schema";
import { stockImportSchema } from "~/modules/catalog/stock-import.schema";
import { suggestedVariantSku } from "~/modules/catalog/variants";
import { CORRECT_PRODUCT_FIELDS, type ProductActionResult } from "~/components/admin/products/product-action";
import { runStockImport } from "./stock-import-action.server";

/**
 * The products page's action after the guard: create (intent=create), edit (intent=update, id),
 * delete (intent=delete, id) and the stock CSV import (intent=import-stock, file), and what each
 * refusal answers. The dialog's form reads the answer's Conform result, so errors land under
 * their fields ("sku", "colors[0].imageUrl", "variants[3].sku").
 */

const INCOMPLETE = "The form was incomplete. Please reload the page and try again.";

const productId = z.object({ id: serialId(INCOMPLETE) });

/** The dialog's create and update, the table's delete and the Import stock dialog. */
export const productForms = {
  create: productFormSchema,
  update: z.intersection(productId, productFormSchema),
  delete: productId,
  "import-stock": stockImportSchema,
};

const fieldError = (name: string, message: string): SubmissionResult<string[]> => ({ status: "error", error: { [name]: [message] } });

/** The guard's refusals (origin, size, intent, input) in the page's answer shape. */
function refusal(refused: GuardFailure): ProductActionResult {
  switch (refused.reason) {
    case "origin":
      return { ok: false, message: refused.message ?? "This form must be sent from the shop." };
    case "too-large":
      // The body's size is known before its intent is read: a stock CSV is far below this limit.
      return { ok: false, message: PRODUCT_IMAGE_MESSAGES.request, result: fieldError("imageUrl", PRODUCT_IMAGE_MESSAGES.request) };
    case "intent":
    case "unreadable":
      return { ok: false, message: INCOMPLETE };
    case "input":
      if (refused.fieldErrors.id) return { ok: false, message: INCOMPLETE };
      if (refused.intent === "import-stock") return { ok: false, message: refused.firstMessage ?? INCOMPLETE, result: refused.result };
      return { ok: false, message: CORRECT_PRODUCT_FIELDS, result: refused.result };
  }
}

/** guardAction's options for the products page: admins only, size checked before the body is read. */
export const productGuard = {
  access: { route: "admin/products" } as const,
  intents: productForms,
  maxBodyBytes: PRODUCT_FORM_MAX_BYTES,
  unknownIntent: INCOMPLETE,
  reply: refusal,
} as const;

type Passed = Extract<IntentGuarded<typeof productForms, { route: "admin/products" }, ProductActionResult>, { ok: true }>;

const answer = (result: ProductActionResult, status = 200) => data<ProductActionResult>(result, { status });

async function saveProduct(guarded: Extract<Passed, { intent: "create" | "update" }>, context: AppLoadContext) {
  const id = guarded.intent === "update" ? guarded.value.id : null;
  const refuse = (message: string, fieldErrors: Record<string, string>, status: number) =>
    answer(
      {
        ok: false,
        message,
        result: guarded.reply({ fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([name, m]) => [name, [m]])) }),
      },
      status,
    );
  // Photos are stored only now that the rest of the form is valid.
  const reading = await readProductForm(guarded.form, context.database.db);
  if (!reading.ok) return refuse(CORRECT_PRODUCT_FIELDS, reading.fieldErrors, 400);
  const db = context.database.db;
  try {
    const product = id === null ? await createProduct(db, reading.input) : await updateProduct(db, id, reading.input);
    return answer({ ok: true, intent: guarded.intent, product: { id: product.id, name: product.name } });
  } catch (error) {
    if (error instanceof DuplicateSkuError) return refuse(error.message, { sku: error.message }, 409);
    if (error instanceof DuplicateVariantSkuError)
      return refuse(error.message, { [cellWithSku(reading.input, id, error.sku)]: error.message }, 409);
    if (error instanceof UnknownCategoryError) return refuse(error.message, { categoryId: error.message }, 400);
    if (error instanceof ProductNotFoundError) return answer({ ok: false, message: error.message }, 404);
    throw error;
  }
}

/**
 * The stock cell whose SKU (typed, or suggested for a blank one) another product already has,
 * as Conform names it ("variants[3].sku"); "variants" when no cell shows it.
 */
function cellWithSku(input: ProductInput, productId: number | null, sku: string): string {
  const taken = sku.toLowerCase();
  const index = input.variants.findIndex(
    (cell) => (cell.sku ?? suggestedVariantSku(input.sku, cell.color, cell.size, productId ?? undefined)).toLowerCase() === taken,
  );
  return index < 0 ? "variants" : `variants[${index}].sku`;
}

/** What the action does with a form the guard let through; an unexpected failure is logged and answered with a 500. */
export async function runProductAction(guarded: Passed, context: AppLoadContext) {
  try {
    if (guarded.intent === "import-stock") return await runStockImport(guarded, context);
    if (guarded.intent !== "delete") return await saveProduct(guarded, context);
    try {
      const deleted = await deleteProduct(context.database.db, guarded.value.id);
      return answer({ ok: true, intent: "delete", product: deleted });
    } catch (error) {
      if (error instanceof ProductNotFoundError) return answer({ ok: false, message: error.message }, 404);
      throw error;
    }
  } catch (error) {
    context.log.error({ err: error }, "admin product action failed");
    return answer({ ok: false, message: "Something went wrong on our side. Please try again." }, 500);
  }
}
