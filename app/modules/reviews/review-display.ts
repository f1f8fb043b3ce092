/**
 * How reviews are shown in public: the author's name and the average rating. Kept apart from
 * review.schema.ts so the product page does not carry Zod to the browser.
 */

/** "Ama Mensah" → "Ama M.": how a review names its author in public. */
export function publicAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A customer";
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first!;
}

/** "4.7": an average to one decimal, as the product page and structured data show it. */
export function formatRating(average: number): string {
  return average.toFixed(1);
}
