import { useBrowserValue } from "./use-browser-value";

/** A CSS media query as a store: whether it matches, told again whenever that changes. */
export function mediaQueryStore(query: string) {
  return {
    subscribe(onChange: () => void): () => void {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    get: () => window.matchMedia(query).matches,
    /** The server knows no screen: it renders as if the query did not match. */
    serverSnapshot: () => false,
  };
}

/** Whether `store`'s query matches (false on the server and during hydration). */
export function useMediaQuery(store: ReturnType<typeof mediaQueryStore>): boolean {
  return useBrowserValue(store.subscribe, store.get, store.serverSnapshot);
}
