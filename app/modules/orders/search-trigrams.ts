/**
 * The trigrams PostgreSQL's pg_trgm asks its index for when it answers `ILIKE '%text%'`, spelt
 * as its show_trgm() spells them: the text's words (runs of letters and digits), lower-cased,
 * with two spaces before a word that starts after a space or other non-word character and one
 * after a word that ends before one (a word that touches the pattern's % gets no padding on
 * that side), cut into every three characters. A padded word shorter than three gives none.
 */
export function searchTrigrams(text: string): string[] {
  const trigrams = new Set<string>();
  const word = /[\p{L}\p{N}]+/gu;
  for (const match of text.matchAll(word)) {
    const start = match.index;
    const end = start + match[0].length;
    const padded = `${start > 0 ? "  " : ""}${match[0].toLowerCase()}${end < text.length ? " " : ""}`;
    const chars = [...padded];
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.add(chars.slice(i, i + 3).join(""));
  }
  return [...trigrams];
}
