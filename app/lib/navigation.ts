import { useEffect, useState } from "react";

/**
 * Going to another page of the shop from code (a search, the cart's "Checkout", signing out),
 * in either kind of page (decision 021): where React Router runs, it navigates without a reload
 * (root.tsx hands it over); on a page hydrated as islands, the browser loads the page.
 */
interface NavigateOptions {
  replace?: boolean;
  /** Where the router runs: leave the window where it is (a filter). */
  keepScroll?: boolean;
}

interface Router {
  navigate(path: string, options?: NavigateOptions): void;
  submit(form: HTMLFormElement): void;
}

let router: Router | null = null;

/** Called by the router's side of the page (root.tsx); the returned function takes it back. */
export function handNavigationToRouter(next: Router): () => void {
  router = next;
  return () => {
    if (router === next) router = null;
  };
}

/** Whether React Router runs this page (not a page of islands). */
export function routerRuns(): boolean {
  return router !== null;
}

/** Opens `path` (an address of the shop, from its root). */
export function navigateTo(path: string, options: NavigateOptions = {}): void {
  if (router) return router.navigate(path, options);
  if (options.replace) window.location.replace(path);
  else window.location.assign(path);
}

/** A form's onSubmit: the router sends it where it runs; elsewhere the browser does. */
export function submitThroughRouter(event: { preventDefault(): void; currentTarget: HTMLFormElement }): void {
  if (!router) return;
  event.preventDefault();
  router.submit(event.currentTarget);
}

/** Link state that pagination links carry: after the new page renders, the results come into view (use-results-focus). */
export const SHOW_RESULTS_STATE = { showResults: true } as const;

/** Where a pagination link asked for its results to be shown on the next page the browser loads (see use-results-focus). */
const SHOW_RESULTS_KEY = "ahenfie.show-results";

/** Remembers, for the page the browser is about to load, that a link asked for its results (islands only). */
export function rememberShowResults(href: string): void {
  try {
    sessionStorage.setItem(SHOW_RESULTS_KEY, href);
  } catch {
    // storage disabled: the page opens at its #fragment all the same
  }
}

/**
 * Whether the browser came to this page from a page of the shop (its referrer, which the shop's
 * Referrer-Policy keeps whole between its own pages). What one page leaves in session storage for
 * the next is looked for only then: a shopper arriving from elsewhere (a search engine, a shared
 * link) skips opening session storage, several milliseconds on a phone's first page.
 */
export function cameFromShopPage(): boolean {
  return document.referrer.startsWith(`${window.location.origin}/`);
}

/** Whether the link that loaded this page asked for its results; asked once per page load. */
export function takeShowResults(): boolean {
  // Only a page of the shop can have asked.
  if (!cameFromShopPage()) return false;
  try {
    const href = sessionStorage.getItem(SHOW_RESULTS_KEY);
    sessionStorage.removeItem(SHOW_RESULTS_KEY);
    return href === window.location.href;
  } catch {
    return false;
  }
}

/**
 * Whether a form of the page is on its way: the router's submission where it runs (the page
 * context's `submitting`), else the browser's own (`sent`, called from the form's onSubmit when
 * it was not prevented; the browser then loads the action's answer as the next page). A page
 * the browser brings back from its back-forward cache is not sending anything.
 */
export function useFormSending(submitting: boolean): { busy: boolean; sent: () => void } {
  const [sentNatively, setSentNatively] = useState(false);
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setSentNatively(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  return { busy: submitting || sentNatively, sent: () => !router && setSentNatively(true) };
}
