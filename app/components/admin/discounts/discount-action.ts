import type { SubmissionResult } from "@conform-to/react";

/** What Admin → Discounts' action answers to the code dialog's and the row buttons' fetchers. */
export type DiscountActionResult =
  | { ok: true; intent: "create" | "update" | "pause" | "resume" | "end" | "delete"; code: { id: number; code: string } }
  | { ok: false; message: string; result?: SubmissionResult<string[]> };

export const CORRECT_DISCOUNT_FIELDS = "Please correct the highlighted fields.";

/** The dialog's search param: ?code=new (Create code) or ?code=<id> (Edit code). */
export const DISCOUNT_PARAM = "code";
