/** How long the pointer rests on a link before its page is fetched (React Router's figure). */
const INTENT_DELAY_MS = 100;

/** The shop's link (components/ui/link.tsx) an event happened in, if any. */
export function shopLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-link]") : null;
}

/** The address inside the shop a link points to, or null when it leaves the shop. */
export function shopPathOf(anchor: HTMLAnchorElement): string | null {
  const url = new URL(anchor.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

/**
 * Calls `onIntent` with a shop link's address once the pointer has rested on it (100 ms), or
 * it took focus or a touch, for the links that ask for it (`prefetch="intent"`). The returned
 * function stops watching.
 */
export function watchLinkIntent(onIntent: (path: string) => void): () => void {
  let intentLink: HTMLAnchorElement | null = null;
  let intentTimer: ReturnType<typeof setTimeout> | undefined;
  const startIntent = (event: Event) => {
    const anchor = shopLinkOf(event.target);
    if (!anchor || anchor === intentLink || anchor.dataset.link !== "intent") return;
    intentLink = anchor;
    clearTimeout(intentTimer);
    intentTimer = setTimeout(() => {
      const path = shopPathOf(anchor);
      if (path !== null) onIntent(path);
    }, INTENT_DELAY_MS);
  };
  const endIntent = (event: PointerEvent | FocusEvent) => {
    const anchor = shopLinkOf(event.target);
    // Moving between the link's own children is not leaving it.
    if (!anchor || anchor !== intentLink || (event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget))) return;
    intentLink = null;
    clearTimeout(intentTimer);
  };
  document.addEventListener("pointerover", startIntent);
  document.addEventListener("focusin", startIntent);
  document.addEventListener("touchstart", startIntent, { passive: true });
  document.addEventListener("pointerout", endIntent);
  document.addEventListener("focusout", endIntent);
  return () => {
    clearTimeout(intentTimer);
    document.removeEventListener("pointerover", startIntent);
    document.removeEventListener("focusin", startIntent);
    document.removeEventListener("touchstart", startIntent);
    document.removeEventListener("pointerout", endIntent);
    document.removeEventListener("focusout", endIntent);
  };
}

/**
 * On a page the browser navigates (a page of islands, decision 021): the page a link asks to
 * fetch ahead is fetched as a document (`<link rel="prefetch">`), once, so opening it is quick.
 */
export function prefetchDocumentsOnIntent(): () => void {
  const fetched = new Set<string>();
  return watchLinkIntent((path) => {
    const page = path.split("#")[0]!;
    if (fetched.has(page) || page === window.location.pathname + window.location.search) return;
    fetched.add(page);
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "document";
    link.href = page;
    document.head.append(link);
  });
}
