/**
 * The one stock rule: at or below LOW_STOCK_THRESHOLD a piece is "low" (the product page says
 * "Only N left", the admin table marks it, the dashboard lists it); at 0 it is sold out.
 */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = "sold-out" | "low" | "in-stock";

export function stockLevel(stock: number, threshold = LOW_STOCK_THRESHOLD): StockLevel {
  if (stock <= 0) return "sold-out";
  return stock <= threshold ? "low" : "in-stock";
}

/**
 * Whether a stock change from `before` to `after` alters what a shopper sees: the product page
 * shows the figure at or below the threshold ("Only N left") and "Sold out" at 0, so a change
 * is visible when either side is at or below it. Above it (say 40 → 38) the pages read the same.
 */
export function stockChangeIsVisible(before: number, after: number, threshold = LOW_STOCK_THRESHOLD): boolean {
  return before !== after && (before <= threshold || after <= threshold);
}
