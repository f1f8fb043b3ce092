import { useEffect, useRef } from "react";
import { usePageContext } from "~/lib/page-context";

/**
 * After a page link (Pagination: `scroll="results"`) the window would stay where the
 * shopper clicked, at the bottom of the old grid. This scrolls the results' heading to the top
 * (below the sticky header: the heading carries a scroll-margin) and moves focus to it, so
 * keyboard and screen-reader users continue from the first new product too. Filters and
 * sorting keep the scroll position (they do not carry the state).
 */
export function useResultsFocus<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  // Only where the router opens the page; a page the browser loads goes to the link's #fragment.
  const { key, showResults } = usePageContext();
  useEffect(() => {
    if (!showResults || !heading.current) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    heading.current.scrollIntoView({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
    heading.current.focus({ preventScroll: true });
  }, [key, showResults]);
  return heading;
}
