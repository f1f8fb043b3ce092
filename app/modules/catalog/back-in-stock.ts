/** What /api/back-in-stock answers the product page's sign-up (app/routes/api/back-in-stock.ts). */
export type BackInStockResult = { ok: true; message: string } | { ok: false; error: string };
