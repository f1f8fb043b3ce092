/**
 * The header search's suggestions: what the endpoint answers and the browser shows. Isomorphic
 * (no validator, no database), so the combobox can import it without growing the page.
 */
export const SUGGESTIONS_PATH = "/api/search-suggestions";
/** Fewer letters than this match too much to be useful; the endpoint answers nothing. */
export const MIN_SUGGESTION_QUERY = 2;
export const MAX_PRODUCT_SUGGESTIONS = 6;

export interface ProductSuggestion {
  id: number;
  name: string;
  /** Pesewas. */
  price: number;
  /** A 480 px picture of the default colour. */
  image: string;
  href: string;
  category: string | null;
}

export interface CollectionSuggestion {
  name: string;
  href: string;
}

export interface SearchSuggestions {
  query: string;
  products: ProductSuggestion[];
  collections: CollectionSuggestion[];
}

/** Where "search for …" leads: the full results, every collection, filtered by `q`. */
export function searchResultsHref(query: string): string {
  return `/collections/all?${new URLSearchParams({ q: query.trim() })}`;
}
