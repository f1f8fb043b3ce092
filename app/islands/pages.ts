/**
 * The pages hydrated as islands (decision 021), each declared here and nowhere else: its name,
 * which its route gives as `handle: { islands: "<name>" } satisfies IslandsHandle`, and the
 * module of `app/islands/` whose `pageIslands` it hydrates besides the shell's (header, cart,
 * toasts, newsletter), or null for the shell's alone.
 *
 * The build generates each page's entry (`islandsEntryModule` in vite-islands.ts; the dev server
 * has Vite serve the same) and stops on a name no route uses, or a route naming a page not
 * declared here (`islandsPagesProblems`): a mistyped name never falls back to the router's
 * hydration. Plain data: the build's configuration reads it.
 */
export const ISLANDS_PAGES = {
  home: "home",
  collection: "collection",
  product: "product",
  checkout: "checkout",
  // Their own words are static: only the header, cart, toasts and newsletter form are hydrated.
  "content-page": null,
  "not-found": null,
  // A payment link's page (issue 46): paying is a plain form posted to the server.
  "payment-link": null,
  // A quote for a custom request (issue 46, part 4): accepting and declining are plain forms.
  quote: null,
  // A staff invitation's link (issue 48): setting the password is a plain form posted to the server.
  "staff-invitation": null,
  // The pages React Router hydrated until issue 44, part 3 (decision 038).
  wishlist: "wishlist",
  "newsletter-confirm": "newsletter-confirm",
  "auth-verified": null,
  "track-order": "track-order",
  auth: "auth",
  "reset-password": "reset-password",
  "custom-order-request": "custom-order-request",
  "write-review": "write-review",
  "order-confirmation": "order-confirmation",
  // The customer's own pages (issue 47 part 3, decision 046).
  "account-orders": "account-orders",
  "account-addresses": "account-addresses",
  // "No more invitations to review" from an email (issue 44): stopping is a plain form.
  "email-preferences": null,
} as const satisfies Record<string, string | null>;

export type IslandsPageName = keyof typeof ISLANDS_PAGES;

/** A route's `handle` when its page is hydrated as islands. */
export interface IslandsHandle {
  islands: IslandsPageName;
}

/** Where a page's generated entry is served from, in development and in the build's module ids. */
export function islandsEntryPath(page: string): string {
  return `/app/islands/${page}.client.tsx`;
}

/** A route file and the page of islands its `handle` names. */
export interface IslandsRoute {
  file: string;
  islands: string;
}

/**
 * What is wrong between the declared pages and the routes that name them: a route naming a page
 * not declared, a declared page no route names, a page's islands module missing. Empty when all
 * is well.
 */
export function islandsPagesProblems(
  declared: Readonly<Record<string, string | null>>,
  routes: readonly IslandsRoute[],
  moduleExists: (module: string) => boolean,
): string[] {
  const problems: string[] = [];
  const names = Object.keys(declared);
  for (const route of routes) {
    if (!Object.hasOwn(declared, route.islands)) {
      problems.push(
        `${route.file} names the page of islands "${route.islands}", which app/islands/pages.ts does not declare (declared: ${names.join(", ")})`,
      );
    }
  }
  for (const name of names) {
    if (!routes.some((route) => route.islands === name)) {
      problems.push(`app/islands/pages.ts declares the page of islands "${name}", which no route names in its handle`);
    }
    const module = declared[name];
    if (module && !moduleExists(module)) {
      problems.push(`app/islands/pages.ts gives the page of islands "${name}" the module app/islands/${module}.ts, which does not exist`);
    }
  }
  return problems;
}

/** The page of islands a route module's source names in its `handle` (`islands: "<name>"`), if any. */
export function islandsNamedIn(source: string): string | null {
  return /\bhandle\b[^;]*?\bislands:\s*["'`]([^"'`]*)["'`]/s.exec(source)?.[1] ?? null;
}
