import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";

/** The page of a list, in its URL (?page=2; page 1 has none). */
export const LIST_PAGE_PARAM = "page";

export type UrlDialog = ReturnType<typeof useUrlDialog>;
export type UrlDialogState = "closed" | "loading" | "missing" | "shown";

/**
 * A details dialog opened through a search param (?order=<id>, ?customer=<key>), so a link or
 * the back button reopens it and the loader fetches its data on the server.
 *
 * - state: "loading" as soon as the link is clicked (the dialog opens at once with a
 *   skeleton), "shown" when the loader's record is the one asked for, "missing" when the
 *   loader found none.
 * - close(): goes back when the dialog was opened from the list (so Back does not reopen it),
 *   otherwise drops the param in place. Once per history entry: a second close before the first
 *   has landed (Cancel clicked twice) would otherwise go back twice, past the list, to the page
 *   before it.
 * - hrefWith(): the current URL with some params set or removed (null); openHref(key) opens
 *   the dialog on a row, pageHref(n) goes to a page of the list (closing any dialog).
 */
export function useUrlDialog(param: string, loadedKey: string | null | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : location.pathname;
  };

  const openKey = params.get(param);
  const pendingKey =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? new URLSearchParams(navigation.location.search).get(param)
      : null;
  const wantedKey = pendingKey ?? openKey;
  const state: UrlDialogState = !wantedKey
    ? "closed"
    : pendingKey && pendingKey !== loadedKey
      ? "loading"
      : loadedKey === wantedKey
        ? "shown"
        : "missing";

  // The history entry (location.key) close() was last called on, forgotten once the page is on
  // another entry: Forward onto the same entry reopens the dialog, and it must close again.
  const closedEntry = useRef<string | null>(null);
  useEffect(() => {
    if (closedEntry.current !== location.key) closedEntry.current = null;
  }, [location.key]);
  const close = () => {
    if (closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    const openedFromList = (location.state as { openedFromList?: boolean } | null)?.openedFromList;
    if (openedFromList) void navigate(-1);
    else void navigate(hrefWith({ [param]: null }), { replace: true, preventScrollReset: true });
  };

  const openHref = (key: string) => hrefWith({ [param]: key });
  const pageHref = (page: number) => hrefWith({ [LIST_PAGE_PARAM]: page > 1 ? String(page) : null, [param]: null });

  /** True while the list itself reloads (not only the dialog). */
  const listLoading = navigation.state === "loading" && !pendingKey;
  return { param, state, close, hrefWith, openHref, pageHref, listLoading };
}

/** shouldRevalidate for a page with such a dialog: closing it (only the param dropped) keeps the list. */
export function keepListWhenClosing(
  param: string,
  args: { currentUrl: URL; nextUrl: URL; formMethod?: string; defaultShouldRevalidate: boolean },
) {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  if (!currentUrl.searchParams.has(param) || nextUrl.searchParams.has(param)) return defaultShouldRevalidate;
  const withoutDialog = new URLSearchParams(currentUrl.searchParams);
  withoutDialog.delete(param);
  return withoutDialog.toString() === nextUrl.searchParams.toString() ? false : defaultShouldRevalidate;
}
