/** What the Custom requests page's action answers to the status and notes form. */
export type CustomRequestUpdateResult = { ok: true; changed: boolean; message: string } | { ok: false; message: string };
