import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { shopLinkOf, shopPathOf, watchLinkIntent } from "./link-intent";
import { SHOW_RESULTS_STATE } from "~/lib/navigation";

/** A click the browser should handle itself: another tab or window, a download, a modified or middle click. */
function isBrowsersClick(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (anchor.target !== "" && anchor.target !== "_self") ||
    anchor.hasAttribute("download")
  );
}

/**
 * Opens the shop's `<Link>`s (components/ui/link.tsx) without a reload, and fetches a page ahead when its link asks for
 * it (`prefetch="intent"`). Rendered once, in root.tsx. A component's own `onClick` runs first
 * (React's listener is on the document before this one); one that calls `preventDefault()`
 * keeps the click.
 */
export function LinkNavigation() {
  const navigate = useNavigate();
  const [prefetchPage, setPrefetchPage] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = shopLinkOf(event.target);
      if (!anchor || isBrowsersClick(event, anchor)) return;
      const path = shopPathOf(anchor);
      if (path === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // A link to the page already open replaces it in the history instead of adding it twice.
      const scroll = anchor.dataset.scroll;
      void navigate(path, {
        replace: path === here,
        preventScrollReset: scroll === "keep" || scroll === "results",
        state: scroll === "results" ? SHOW_RESULTS_STATE : undefined,
      });
    };
    document.addEventListener("click", onClick);
    const stopWatchingIntent = watchLinkIntent(setPrefetchPage);
    return () => {
      document.removeEventListener("click", onClick);
      stopWatchingIntent();
    };
  }, [navigate]);

  // The page's links stay once fetched: the browser has them in its cache either way.
  return prefetchPage ? <PrefetchPageLinks page={prefetchPage} /> : null;
}
