import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Link state that pagination links carry: after the new page renders, the results come into view. */
export const SHOW_RESULTS_STATE = { showResults: true } as const;

/**
 * After a page link (Pagination, with SHOW_RESULTS_STATE) the window would stay where the
 * shopper clicked, at the bottom of the old grid. This scrolls the results' heading to the top
 * (below the sticky header: the heading carries a scroll-margin) and moves focus to it, so
 * keyboard and screen-reader users continue from the first new product too. Filters and
 * sorting keep the scroll position (they do not carry the state).
 */
export function useResultsFocus<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  const location = useLocation();
  const showResults = (location.state as { showResults?: boolean } | null)?.showResults === true;
  useEffect(() => {
    if (!showResults || !heading.current) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    heading.current.scrollIntoView({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
    heading.current.focus({ preventScroll: true });
  }, [location.key, showResults]);
  return heading;
}
