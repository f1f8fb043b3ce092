import type { SubmissionResult } from "@conform-to/react";

/** What the products page's action answers to the dialog's and the delete button's fetchers. */
export type ProductActionResult =
  | { ok: true; intent: "create" | "update" | "delete"; product: { id: number; name: string } }
  | {
      ok: false;
      /** Shown under the toast's title ("Failed to save product" / "Failed to delete product") and in the form's alert. */
      message: string;
      /** Conform's answer for the product form (`useForm({ lastResult })`): the errors under each field. */
      result?: SubmissionResult<string[]>;
    };

/**
 * What the products page's action answers the "Import stock" dialog: the summary of what changed,
 * or why nothing did (the file's problem, or every bad row in `problems`).
 */
export type StockImportAnswer =
  | { ok: true; intent: "import-stock"; message: string }
  | { ok: false; message: string; problems?: string[]; result?: SubmissionResult<string[]> };

/** The form's line when fields need attention (either side's check). */
export const CORRECT_PRODUCT_FIELDS = "Please correct the highlighted fields.";
