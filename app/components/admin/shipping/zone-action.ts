import type { SubmissionResult } from "@conform-to/react";

/** What the Shipping page's action answers to the zone dialog's and the delete button's fetchers. */
export type ZoneActionResult =
  | { ok: true; intent: "create" | "update" | "delete"; zone: { id: number; name: string } }
  | {
      ok: false;
      /** Shown under the toast's title and in the form's alert. */
      message: string;
      /** Conform's answer for the zone form: the errors under each field. */
      result?: SubmissionResult<string[]>;
    };

/** The form's line when fields need attention (either side's check). */
export const CORRECT_ZONE_FIELDS = "Please correct the highlighted fields.";

/** The dialog's search param: ?zone=new (Add zone) or ?zone=<id> (Edit zone). */
export const ZONE_PARAM = "zone";
