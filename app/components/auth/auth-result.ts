/** What the /auth action answers (one shape for every form on the page). */
export interface AuthActionResult {
  intent: "signIn" | "signUp" | "resend" | "forgot";
  ok: boolean;
  title: string;
  description: string;
  code?: string;
}
