import { useEffect } from "react";

/**
 * Switches on the whole stylesheet once the page has hydrated. The server puts inside each page
 * only the rules its own scripts use (server/inline-stylesheet.ts) and leaves the stylesheet's
 * link as `media="print"`, fetched without holding the first paint back. Panels and pages that
 * bring scripts of their own (the cart, a dialog, the next page) need the rest: with `media`
 * set to `all` the browser applies the file as soon as it has it, most often already.
 */
export function useFullStylesheet() {
  useEffect(() => {
    for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
      const href = style.dataset.href;
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][media="print"]')) {
        if (link.getAttribute("href")?.split(/[#?]/)[0] === href) link.media = "all";
      }
    }
  }, []);
}
