import { startTransition, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { PageContextProvider, type PageContextValue } from "~/lib/page-context";
import { rememberShowResults, takeShowResults } from "~/lib/navigation";
import { prefetchDocumentsOnIntent } from "~/components/ui/link-intent";
import type { RootData } from "~/lib/root-data";
import { ROOT_DATA_ID, type Island } from "./island";
import { runPendingEffects, runQueuedRenders } from "./preact-options";

/**
 * Hydrates every island on the page whose component is in `islands` (decision 021). Each gets
 * its own root, with the page's context as the router gave it to the server's render. In the
 * build, `react-dom/client` here is Preact's compat layer (decision 036): the server's HTML is
 * React's, and Preact takes it over as it is. Each island's hydration is a User Timing measure
 * (`hydrate island <name>`), for a profile, and for the browser specs to read the island's
 * markup just before and just after it.
 */
export async function hydrateIslands(islands: readonly { island: Island<never> }[]): Promise<void> {
  const byName = new Map(islands.map(({ island }) => [island.name, island]));
  const rootData = document.getElementById(ROOT_DATA_ID)?.textContent;
  const page: PageContextValue = {
    root: rootData ? (JSON.parse(rootData) as RootData) : null,
    pathname: window.location.pathname,
    search: window.location.search,
    key: "page-load",
    showResults: takeShowResults(),
    navigatingTo: null,
    submitting: false,
  };
  prefetchDocumentsOnIntent();
  // A pagination link (components/ui/link.tsx, scroll="results") tells the page it loads to show its results.
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-scroll="results"]') : null;
    if (link) rememberShowResults(link.href);
  });
  for (const container of document.querySelectorAll<HTMLElement>("[data-island]")) {
    // Each root in a task of its own: the scripts' evaluation before them is already one long
    // task on a slow phone (under React, each root also set up ~140 event listeners at once).
    await yieldToBrowser();
    const name = container.dataset.island!;
    const island = byName.get(name);
    // Each island's props are the JSON its server render wrote for it.
    const Component = island?.Component as ((props: object) => ReactNode) | undefined;
    const propsScript = container.previousElementSibling;
    if (!Component || !(propsScript instanceof HTMLScriptElement) || propsScript.dataset.islandProps !== name) {
      console.error(`island "${name}": no component or props on this page`);
      continue;
    }
    const props = JSON.parse(propsScript.textContent || "{}") as object;
    // Preact hydrates an island at once, in this task (its startTransition just runs the
    // function), in the build and under `npm run dev` alike (decision 036).
    const hydrate = () => {
      performance.mark(`hydrate island ${name}`);
      startTransition(() => {
        hydrateRoot(
          container,
          <PageContextProvider value={page}>
            <Component {...props} />
          </PageContextProvider>,
        );
      });
      performance.measure(`hydrate island ${name}`, `hydrate island ${name}`);
    };
    const when = typeof island?.hydrate === "function" ? island.hydrate() : island?.hydrate;
    if (when === "visible") whenNearScreen(container, hydrate);
    else {
      hydrate();
      // Its effects (what the browser knows: the cart, the shopper, the currency) in a task of
      // their own, before the next island's hydration. Left to Preact, the effects of every
      // island hydrated so far ran together after the next frame, one more long task on a slow phone.
      await yieldToBrowser();
      runPendingEffects();
      // And what those effects asked to render (the cart's count, the shopper's currency), in
      // another, before the next island's hydration instead of after every island's.
      await yieldToBrowser();
      runQueuedRenders();
    }
  }
}

/** Lets the browser paint and handle input before going on (scheduler.yield where there is one). */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** Calls `then` once the island's content is within a screen of the viewport. */
function whenNearScreen(container: HTMLElement, then: () => void): void {
  // `display: contents` has no box of its own: its children are watched.
  const targets = [...container.children];
  if (targets.length === 0 || !("IntersectionObserver" in window)) return then();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: "100% 0px" },
  );
  for (const target of targets) observer.observe(target);
}
