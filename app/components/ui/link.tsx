import { createElement, type AnchorHTMLAttributes, type Ref } from "react";

/**
 * A link to a page of the shop: `<Link to="/collections/all">`. It is drawn as a plain `<a>`.
 * Where React Router runs, one listener for the whole document (`LinkNavigation`, in
 * root.tsx) opens it without a reload, as React Router's `<Link>` would; on a page hydrated as
 * islands (decision 021) the browser opens it.
 *
 * Why not React Router's: its `<Link>` runs eight hooks and resolves its path on every render,
 * and a search page draws some forty-five links. Drawing the storefront's links with this kit
 * took 5 % off the server's CPU per uncached page (docs/performance.md, "2026-11-25, night").
 *
 * For a link that needs more (a relative path, `state`, `replace`, `reloadDocument`: the
 * admin's dialogs), use React Router's `<Link>`.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An address of the shop, from its root: `/product/12`, `/collections/all?q=kente`. */
  to: string;
  /** `"intent"`: the page's code and data are fetched once the pointer rests on the link (100 ms) or it takes focus. */
  prefetch?: "intent";
  /**
   * Where the router opens it: `"keep"` leaves the window where it is (a filter);
   * `"results"` brings the results' heading into view (pagination, see use-results-focus).
   * A page loaded by the browser goes to the address's `#fragment` instead.
   */
  scroll?: "keep" | "results";
  ref?: Ref<HTMLAnchorElement>;
}

export function Link(props: LinkProps) {
  // The anchor's attributes copied by hand rather than with object rest and spread
  // (`{ to, prefetch, ...anchor }`, `<a {...anchor}>`): with the many shapes of props a page's
  // links have, V8 copies those slowly, and a search page's links cost three times as much
  // (docs/performance.md, "2026-11-27, night").
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (name !== "to" && name !== "prefetch" && name !== "scroll") anchor[name] = props[name as keyof LinkProps];
  anchor.href = props.to;
  anchor["data-link"] = props.prefetch ?? "";
  if (props.scroll) anchor["data-scroll"] = props.scroll;
  // React Router learns the routes of the links on the page from it (lazy route discovery).
  anchor["data-discover"] = "true";
  return createElement("a", anchor);
}
