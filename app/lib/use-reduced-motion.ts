import { useBrowserValue } from "./use-browser-value";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

const prefersReducedMotion = () => window.matchMedia(QUERY).matches;
const noPreference = () => false;

/** Whether the visitor asked the system for less motion (false on the server). */
export function usePrefersReducedMotion(): boolean {
  return useBrowserValue(subscribe, prefersReducedMotion, noPreference);
}
