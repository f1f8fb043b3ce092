/** What the Custom requests page's action answers to "Write a quote" (quote-admin-action.server.ts). */
export type QuoteWriteResult =
  { ok: true; message: string; url: string } | { ok: false; message: string; fieldErrors: Record<string, string> };
