/** What the Reviews page's action answers to the Approve and Hide buttons. */
export type ReviewModerationResult =
  { ok: true; status: "approved" | "hidden"; changed: boolean; message: string } | { ok: false; message: string };
