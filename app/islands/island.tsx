import { createContext, createElement, lazy, Suspense, useContext, useEffect, type ComponentType, type ReactNode } from "react";

/**
 * Islands: the interactive parts of a storefront page, hydrated one by one without React
 * Router's code (decision 021). The server renders the whole page through the router as
 * usual; a route that names a page of islands (`handle: { islands: "home" }`) is sent without
 * the router's scripts, and its generated entry (`app/islands/pages.ts` declares the page)
 * hydrates each island on its own.
 *
 * `defineIsland("hero", HeroCarousel)` gives the component to render in the page. It draws
 * the component inside `<div data-island="hero">` (`display: contents`, so it adds no box).
 * On a page of islands the props go in a JSON script just before it, for the browser's
 * hydration; where the router renders the page, nothing is added and the component is an
 * ordinary part of its tree. An island's component and what it imports must not use React
 * Router: `vite-islands.ts` stops the build if one does.
 */
export interface Island<P extends object> {
  name: string;
  Component: (props: P) => ReactNode;
  /**
   * `"visible"`: hydrated once it comes near the screen (below the fold); `"load"`: at once; a
   * function: decided in the browser as the page hydrates (e.g. at once only for a signed-in shopper).
   */
  hydrate: IslandHydration | (() => IslandHydration);
}

export type IslandHydration = "load" | "visible";

export type JsonPrimitive = string | number | boolean | null;
/** A value JSON carries unchanged: what an island's props may hold. */
export type JsonValue = JsonPrimitive | readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined };

/**
 * `T` where it is JSON; `never` in place of anything JSON would drop or change (a function, a
 * `Date`, a `Map`, a class with methods, a bigint, a symbol). An absent optional prop is fine:
 * JSON leaves it out and the component sees it absent. Mapped rather than `T extends JsonValue`
 * so that props declared as interfaces, which have no index signature, are accepted.
 */
export type JsonChecked<T> = T extends JsonPrimitive | undefined
  ? T
  : T extends bigint | symbol | ((...args: never[]) => unknown)
    ? never
    : T extends object
      ? { [K in keyof T]: JsonChecked<T[K]> }
      : never;

/** The id of the JSON script holding the root loader's data on a page of islands (root.tsx). */
export const ROOT_DATA_ID = "root-data";

/** True while the server renders a page whose islands the browser hydrates (set in root.tsx). */
export const IslandsPageContext = createContext(false);

/** What `scriptJson` writes as a \u escape: "<", and every character past ASCII. */
const SCRIPT_ESCAPED = /[<\u0080-\uffff]/g;
const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * JSON that is safe inside a `<script>` element: no `</script>`, no `<!--` (nor U+2028 and U+2029,
 * line ends to older JavaScript). One pass over the text (a page's island props are a few
 * kilobytes, written on every page rendered). Characters past ASCII ("₵", "—") are escaped too,
 * the same JSON to `JSON.parse`: React gathers a page's text into one string before encoding it
 * (decision 014), and a single such character makes V8 hold the whole of it at two bytes a
 * character.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_ESCAPED, unicodeEscape);
}

/**
 * The island's component as the page renders it; `.island` is what the page's script hydrates.
 * Its props travel as JSON (`scriptJson`, then `JSON.parse` in the browser), so they must be
 * JSON: a prop that is not (a callback, a `Date`) is a compile error here, not a component that
 * hydrates with something else than the server drew.
 */
export function defineIsland<P extends object>(
  name: [P] extends [JsonChecked<P>] ? string : "the island's props must be JSON (JsonValue in app/islands/island.tsx)",
  Component: (props: P) => ReactNode,
  { hydrate = "load" }: { hydrate?: Island<P>["hydrate"] } = {},
) {
  function IslandBoundary(props: P) {
    const islandsPage = useContext(IslandsPageContext);
    return (
      <>
        {islandsPage && <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />}
        <div data-island={name} style={{ display: "contents" }}>
          <Component {...props} />
        </div>
      </>
    );
  }
  IslandBoundary.displayName = `Island(${name})`;
  IslandBoundary.island = { name, Component, hydrate } as Island<P>;
  return IslandBoundary;
}

/** The User Timing mark each deferred component sets once hydrated in the browser. */
export const DEFERRED_HYDRATED_MARK = "hydrate deferred component";

/**
 * A component whose code is not part of the page's first download: the server renders it
 * whole, and the browser keeps that HTML until the code has come and the component is
 * hydrated (React's hydration waits at the Suspense boundary). For what is below the fold or
 * can wait a moment (reviews, a slider).
 */
export function deferredComponent<C extends (props: never) => ReactNode>(load: () => Promise<C>) {
  type P = Parameters<C>[0];
  const Lazy = lazy(() =>
    load().then((component) => {
      function Hydrated(props: object) {
        // Marks when the browser has hydrated it (its effects run then, never on the server), for
        // tests and the performance panel to wait on an event rather than a time.
        useEffect(() => void performance.mark(DEFERRED_HYDRATED_MARK), []);
        return createElement(component as unknown as ComponentType<object>, props);
      }
      return { default: Hydrated };
    }),
  );
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as object)} />
      </Suspense>
    );
  }
  return Deferred;
}
