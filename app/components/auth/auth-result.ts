import type { SubmissionResult } from "@conform-to/react";

/** What the /auth action answers (one shape for every form on the page). */
export interface AuthActionResult {
  /** Conform's result for the form that posted (its alert, and whether it is cleared). */
  result?: SubmissionResult<string[]>;
  intent: "signIn" | "secondStep" | "signUp" | "resend" | "forgot";
  /** Sign-in only: the password was right and the authenticator app's code is asked next (decision 048). */
  secondStep?: boolean;
  ok: boolean;
  title: string;
  description: string;
  code?: string;
}

/** What a form of the account pages says when the shop's answer never came (offline, a proxy's error page). */
export const AUTH_UNREACHABLE: Pick<AuthActionResult, "title" | "description" | "result"> = {
  title: "An error occurred",
  description: "Please try again later.",
  result: { status: "error", error: { "": ["An error occurred", "Please try again later."] } },
};
