import { useState } from "react";
import { useBrowserValue } from "./use-browser-value";

const subscribe = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** False during SSR and hydration, true after: for UI that depends on browser storage. */
export function useHydrated(): boolean {
  return useBrowserValue(subscribe, inBrowser, onServer);
}

/**
 * True when the component first rendered after the page hydrated (a client navigation, a new
 * filter, another colour), false when it arrived in the server's HTML. Entrance animations ask
 * this, so what the server sent is visible in the first paint instead of fading in from
 * transparent: a phone's largest paint (a product picture) is not held back by an animation.
 */
export function useMountedAfterHydration(): boolean {
  const hydrated = useHydrated();
  const [mountedAfterHydration] = useState(hydrated);
  return mountedAfterHydration;
}
