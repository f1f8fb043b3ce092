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
