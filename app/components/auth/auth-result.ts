import type { SubmissionResult } from "@conform-to/react";

/** What the /auth action answers (one shape for every form on the page). */
export interface AuthActionResult {
  /** Conform's result for the form that posted (its alert, and whether it is cleared). */
  result?: SubmissionResult<string[]>;
  intent: "signIn" | "signUp" | "resend" | "forgot";
  ok: boolean;
  title: string;
  description: string;
  code?: string;
}
