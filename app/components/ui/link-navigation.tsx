import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { SHOW_RESULTS_STATE } from "~/components/storefront/use-results-focus";

/** How long the pointer rests on a link before its page is fetched (React Router's figure). */
const INTENT_DELAY_MS = 100;

/** The shop's link an event happened in, if any. */
function shopLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-link]") : null;
}

/** The address inside the shop a link points to, or null when it leaves the shop. */
function shopPathOf(anchor: HTMLAnchorElement): string | null {
  const url = new URL(anchor.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

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
    let intentLink: HTMLAnchorElement | null = null;
    let intentTimer: ReturnType<typeof setTimeout> | undefined;

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
    const startIntent = (event: Event) => {
      const anchor = shopLinkOf(event.target);
      if (!anchor || anchor === intentLink || anchor.dataset.link !== "intent") return;
      intentLink = anchor;
      clearTimeout(intentTimer);
      intentTimer = setTimeout(() => setPrefetchPage(shopPathOf(anchor)), INTENT_DELAY_MS);
    };
    const endIntent = (event: PointerEvent | FocusEvent) => {
      const anchor = shopLinkOf(event.target);
      // Moving between the link's own children is not leaving it.
      if (!anchor || anchor !== intentLink || (event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget))) return;
      intentLink = null;
      clearTimeout(intentTimer);
    };

    document.addEventListener("click", onClick);
    document.addEventListener("pointerover", startIntent);
    document.addEventListener("focusin", startIntent);
    document.addEventListener("touchstart", startIntent, { passive: true });
    document.addEventListener("pointerout", endIntent);
    document.addEventListener("focusout", endIntent);
    return () => {
      clearTimeout(intentTimer);
      document.removeEventListener("click", onClick);
      document.removeEventListener("pointerover", startIntent);
      document.removeEventListener("focusin", startIntent);
      document.removeEventListener("touchstart", startIntent);
      document.removeEventListener("pointerout", endIntent);
      document.removeEventListener("focusout", endIntent);
    };
  }, [navigate]);

  // The page's links stay once fetched: the browser has them in its cache either way.
  return prefetchPage ? <PrefetchPageLinks page={prefetchPage} /> : null;
}
