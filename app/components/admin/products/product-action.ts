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

/** The form's line when fields need attention (either side's check). */
export const CORRECT_PRODUCT_FIELDS = "Please correct the highlighted fields.";
