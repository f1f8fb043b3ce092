import { LIST_PAGE_PARAM } from "./use-url-dialog";

/**
 * The one URL convention of the admin lists: the search is ?q=, each select its own named
 * param, the page ?page= (or a keyset cursor, KEYSET_PARAMS) and the open dialog its own param (?order=, ?customer=, ?product=).
 * A value that does not filter (blank, or a select's default) is left out, so any other param
 * is a filter; applying filters drops the page and the dialog; "clear filters" is the bare path.
 */
export const SEARCH_PARAM = "q";

/** The filter form's values that filter: no blanks, no select at its default (data-default). */
export function filterQuery(form: HTMLFormElement): URLSearchParams {
  const query = new URLSearchParams();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
    const value = element.value.trim();
    if (value && value !== element.dataset.default) query.set(element.name, value);
  }
  return query;
}

/** A list paged by keyset (the activity log) names its page by an entry: ?older=<cursor> or ?newer=<cursor>. */
export const KEYSET_PARAMS = { older: "older", newer: "newer" } as const;

/** The list's filters in a URL: everything but the page (or the keyset cursor) and the dialog's param. */
export function filtersOf(search: string | URLSearchParams, dialogParam: string): URLSearchParams {
  const filters = new URLSearchParams(search);
  filters.delete(LIST_PAGE_PARAM);
  filters.delete(KEYSET_PARAMS.older);
  filters.delete(KEYSET_PARAMS.newer);
  filters.delete(dialogParam);
  return filters;
}
