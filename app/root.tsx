import {
  data,
  type ShouldRevalidateFunction,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
  useSubmit,
} from "react-router";
import { useContext, useEffect, useMemo, type ReactNode } from "react";
import { LinkNavigation } from "~/components/ui/link-navigation";
import { ToasterIsland } from "~/islands/shell";
import { brand } from "~/lib/brand";
import { ErrorPage } from "~/components/storefront/error-page";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { storeProfile } from "~/modules/settings/store-profile";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { homeFreeShippingThreshold } from "~/modules/shipping/delivery-quote";
import { siteOrigin } from "~/lib/http.server";
import { useNonce } from "~/lib/nonce";
import { FullStylesheetOnNavigation } from "~/lib/full-stylesheet";
import { MaintenancePage } from "~/components/storefront/maintenance-page";
import type { RootData } from "~/lib/root-data";
import { PageContextProvider, useRootData, type PageContextValue } from "~/lib/page-context";
import { handNavigationToRouter } from "~/lib/navigation";
import { IslandsPageContext, ROOT_DATA_ID, scriptJson } from "~/islands/island";
import { IslandsManifestContext } from "~/islands/islands-manifest";
import type { Route } from "./+types/root";
import "./app.css";

// The fonts are not preloaded: Chromium holds the first paint for a preloaded font, and its
// fallbacks are metric-matched (font-fallbacks.css), so the swap barely moves a line (decision 004).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "64x64" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, zones] = await Promise.all([getStoreSettings(context.database.db), listShippingZones(context.database.db)]);
  if (context.closedForMaintenance)
    throw data(
      { maintenance: true, storeName: settings.storeName },
      // server/http.ts adds Retry-After and Cache-Control: no-store to every 503.
      { status: 503 },
    );
  return data({
    shipping: { freeShippingThreshold: homeFreeShippingThreshold(zones) },
    store: storeProfile(settings),
    origin: siteOrigin(context),
    year: new Date().getFullYear(),
    maintenanceMode: settings.maintenanceMode,
  } satisfies RootData);
}

/** The scripts of the page of islands this route names (`handle: { islands }`), when the server renders one. */
function useIslandsPage() {
  const manifest = useContext(IslandsManifestContext);
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as { islands?: string } | undefined)?.islands;
  if (!manifest || !name) return { name, page: null };
  const page = manifest.pages[name];
  // Never the router's hydration instead: the page would work here and differ from what was meant.
  if (!page) throw new Error(`The route names the page of islands "${name}", which the build does not have (app/islands/pages.ts)`);
  return { name, page };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { name: pageName, page: islands } = useIslandsPage();
  return (
    // The page's name on <html> lets a stylesheet rule apply to one page without `:has()`, which
    // makes the browser re-check <html> for every element the streamed document adds.
    <html lang="en" data-page={pageName}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d2e" />
        <Meta />
        {islands && [islands.entry, ...islands.imports].map((href) => <link key={href} rel="modulepreload" href={href} />)}
        <Links />
      </head>
      <body>
        {islands ? (
          <IslandsBody entry={islands.entry}>{children}</IslandsBody>
        ) : (
          <>
            <RouterPageContext>{children}</RouterPageContext>
            <LinkNavigation />
            <FullStylesheetOnNavigation />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * What the router knows of the page, handed to the storefront's components through
 * `~/lib/page-context`, which they read instead of the router's hooks (decision 021).
 */
function RouterPageContext({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root") ?? null;
  const { pathname, search, key, state } = useLocation();
  const navigation = useNavigation();
  const navigatingTo = navigation.state === "loading" ? navigation.location.pathname : null;
  const submitting = navigation.state === "submitting";
  const showResults = (state as { showResults?: boolean } | null)?.showResults === true;
  const navigate = useNavigate();
  const submit = useSubmit();
  useEffect(
    () =>
      handNavigationToRouter({
        navigate: (path, options) => void navigate(path, { replace: options?.replace, preventScrollReset: options?.keepScroll }),
        submit: (form) => void submit(form),
      }),
    [navigate, submit],
  );
  const value = useMemo<PageContextValue>(
    () => ({ root, pathname, search, key, showResults, navigatingTo, submitting }),
    [root, pathname, search, key, showResults, navigatingTo, submitting],
  );
  return <PageContextProvider value={value}>{children}</PageContextProvider>;
}

/**
 * The body of a page whose interactive parts are hydrated as islands (decision 021): without
 * React Router's scripts, its scroll restoration or its link handling (the browser opens
 * links). The root loader's data goes in once, for every island.
 */
function IslandsBody({ entry, children }: { entry: string; children: ReactNode }) {
  const nonce = useNonce();
  return (
    <>
      <IslandsPageContext.Provider value={true}>
        <RouterPageContext>
          {children}
          <RootDataScript />
        </RouterPageContext>
      </IslandsPageContext.Provider>
      {/* Inline, as React Router's own loader is: a cached page's policy allows its inline scripts by hash (server/page-cache.ts), and 'strict-dynamic' what they import. */}
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: `import ${scriptJson(entry)};` }} />
    </>
  );
}

/** The root loader's data, as the page context holds it, for every island's hydration. */
function RootDataScript() {
  return <script type="application/json" id={ROOT_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(useRootData()) }} />;
}

export default function App() {
  return (
    <>
      <Outlet />
      <ToasterIsland />
    </>
  );
}

const errorTitle = (error: unknown) => {
  if (!isRouteErrorResponse(error)) return "Something went wrong";
  if (error.status === 404) return "Page not found";
  if (error.status === 503) return "Back shortly";
  return "Something went wrong";
};

export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        { title: errorTitle(error) },
        ...(isRouteErrorResponse(error) && error.status === 503 ? [{ name: "robots", content: "noindex" }] : []),
      ]
    : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 503) {
    const storeName = (error.data as { storeName?: string } | null)?.storeName ?? brand.name;
    return <MaintenancePage storeName={storeName} />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorPage status={notFound ? 404 : 500} />;
}

// The root data (store name, origin, year, free-shipping amount) is the same for everyone: who
// is signed in arrives after load (components/storefront/viewer-store.ts). It is read once per
// page load and again after a form submission (a settings change); the server recomputes
// shipping at checkout whatever the browser shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod }) => Boolean(formMethod && formMethod !== "GET");
