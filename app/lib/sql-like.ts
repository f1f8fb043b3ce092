/**
 * Escapes LIKE/ILIKE's wildcards (`%`, `_`) and its escape character, so a shopper's or staff
 * member's search text matches itself literally (PostgreSQL's default escape is a backslash).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
