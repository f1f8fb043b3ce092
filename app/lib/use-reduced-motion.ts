import { mediaQueryStore, useMediaQuery } from "./media-query";

const reducedMotion = mediaQueryStore("(prefers-reduced-motion: reduce)");

/** Whether the visitor asked the system for less motion (false on the server). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(reducedMotion);
}
