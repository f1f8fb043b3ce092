import { createContext, useContext, type ReactNode } from "react";
import type { RootData } from "./root-data";

/**
 * What storefront components know of the page they are on, without React Router.
 *
 * A storefront page is hydrated in one of two ways (decision 021): whole, by React Router
 * (`RouterPageContext` in root.tsx fills this from the router), or as islands, where only its
 * interactive parts are hydrated and the router's code is never downloaded
 * (`app/islands/hydrate-islands.tsx` fills it from the page). Components that an island draws
 * read the page from here, so they work the same in both.
 */
export interface PageContextValue {
  /** The root loader's data (store, shipping summary, origin, year); null on an error page. */
  root: RootData | null;
  /** The address shown: pathname and search. */
  pathname: string;
  search: string;
  /** Changes at every navigation (a page load is one). */
  key: string;
  /** A pagination link asked for the results to be shown (router pages only; see use-results-focus). */
  showResults: boolean;
  /** The pathname a navigation in progress is heading to, or null. */
  navigatingTo: string | null;
  /** A form of the page is on its way through the router (router pages only: elsewhere the browser sends it). */
  submitting: boolean;
}

const PageContext = createContext<PageContextValue>({
  root: null,
  pathname: "/",
  search: "",
  key: "default",
  showResults: false,
  navigatingTo: null,
  submitting: false,
});

export function PageContextProvider({ value, children }: { value: PageContextValue; children: ReactNode }) {
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

export function usePageContext(): PageContextValue {
  return useContext(PageContext);
}

/** The root loader's data, or null where it did not load (an error page). */
export function useRootData(): RootData | null {
  return useContext(PageContext).root;
}
