import { createElement, useEffect, useState, type AnchorHTMLAttributes, type Ref } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";

/**
 * A link to a page of the shop: `<Link to="/collections/all">`. It is drawn as a plain `<a>`,
 * and one listener for the whole document (`LinkNavigation`, in root.tsx) opens it without a
 * reload, as React Router's `<Link>` would.
 *
 * Why not React Router's: its `<Link>` runs eight hooks and resolves its path on every render,
 * and a search page draws some forty-five links. Drawing the storefront's links with this kit
 * took 5 % off the server's CPU per uncached page (docs/performance.md, "2026-11-25, night").
 *
 * For a link that needs more (a relative path, `state`, `replace`, `preventScrollReset`,
 * `reloadDocument`: pagination, the admin's dialogs), use React Router's `<Link>`.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An address of the shop, from its root: `/product/12`, `/collections/all?q=kente`. */
  to: string;
  /** `"intent"`: the page's code and data are fetched once the pointer rests on the link (100 ms) or it takes focus. */
  prefetch?: "intent";
  ref?: Ref<HTMLAnchorElement>;
}

export function Link(props: LinkProps) {
  // The anchor's attributes copied by hand rather than with object rest and spread
  // (`{ to, prefetch, ...anchor }`, `<a {...anchor}>`): with the many shapes of props a page's
  // links have, V8 copies those slowly, and a search page's links cost three times as much
  // (docs/performance.md, "2026-11-27, night").
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (name !== "to" && name !== "prefetch") anchor[name] = props[name as keyof LinkProps];
  anchor.href = props.to;
  anchor["data-link"] = props.prefetch ?? "";
  // React Router learns the routes of the links on the page from it (lazy route discovery).
  anchor["data-discover"] = "true";
  return createElement("a", anchor);
}

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
 * Opens the shop's `<Link>`s without a reload, and fetches a page ahead when its link asks for
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
      void navigate(path, { replace: path === here });
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
