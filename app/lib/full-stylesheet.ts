import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * Puts the whole stylesheet in place of the page's share of it when the shopper first moves to
 * another page without reloading. The server puts inside each page only the rules its own
 * scripts can use, the panels it opens later included (server/inline-stylesheet.ts, decision
 * 019), and leaves the stylesheet's link as `media="print"`: fetched without holding the first
 * paint back, and not yet applied. Another page may need other rules, so at the first client
 * navigation the link is switched on and the inline copy taken out in the same moment: the same
 * rules in the same order, so nothing on screen changes, and the browser does not match every
 * element against two copies of them from then on. Done then rather than after hydration,
 * because applying a stylesheet restyles the whole page (some 200 ms of Lighthouse's slowed
 * phone), which a page that is only being read should not pay.
 */
export function FullStylesheetOnNavigation() {
  const navigating = useNavigation().state !== "idle";
  const { key } = useLocation();
  const landingKey = useRef(key);
  useEffect(() => {
    // After the frame that answers the tap is painted, while the next page's data is on its way.
    if (navigating) requestAnimationFrame(() => setTimeout(switchOnWholeStylesheet));
  }, [navigating]);
  // A page whose data was already here can be shown sooner: it gets the rules before it is painted.
  useLayoutEffect(() => {
    if (key !== landingKey.current) switchOnWholeStylesheet();
  }, [key]);
  return null;
}

let switchedOn = false;

function switchOnWholeStylesheet() {
  if (switchedOn) return;
  switchedOn = true;
  for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
    // Any media: by the time this runs, React may have put a new link of its own in place of the
    // server's `media="print"` one (a navigation that re-renders the head's links), and that new
    // link already applies; the inline copy must still go.
    const link = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
      (candidate) => candidate.getAttribute("href")?.split(/[#?]/)[0] === style.dataset.href,
    );
    if (!link) continue;
    const switchOn = () => {
      if (link.media === "print") link.media = "all";
      style.remove();
    };
    // A file that has not arrived yet is switched on when it does; the inline share stays meanwhile.
    if (link.sheet) switchOn();
    else link.addEventListener("load", switchOn, { once: true });
  }
}
