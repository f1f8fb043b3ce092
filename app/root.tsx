import { data, type ShouldRevalidateFunction, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import { LinkNavigation } from "~/components/ui/link";
import { LazyToaster } from "~/components/ui/toaster";
import { brand } from "~/lib/brand";
import { CartProvider } from "~/components/storefront/cart/cart-provider";
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
import type { Route } from "./+types/root";
import "./app.css";
// The two faces every page shows above the fold, preloaded so text renders in them from
// the first paint: a late swap from the fallbacks re-wraps headings and shifts the layout.
import displayFont from "@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url";
import bodyFont from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: bodyFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
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

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d2e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <LinkNavigation />
        <FullStylesheetOnNavigation />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <CartProvider>
      <Outlet />
      <LazyToaster />
    </CartProvider>
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
  return (
    <CartProvider>
      <ErrorPage status={notFound ? 404 : 500} />
    </CartProvider>
  );
}

// The root data (store name, origin, year, free-shipping amount) is the same for everyone: who
// is signed in arrives after load (components/storefront/viewer-store.ts). It is read once per
// page load and again after a form submission (a settings change); the server recomputes
// shipping at checkout whatever the browser shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod }) => Boolean(formMethod && formMethod !== "GET");
