/** What the Newsletter page's remove action answers (the row's confirm dialog toasts it). */
export type SubscriberActionResult = { ok: true; removed: boolean; email: string | null } | { ok: false; message: string };

export const REMOVE_FAILED = "The address could not be removed. Please try again.";
