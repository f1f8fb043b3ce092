import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import { LazyToaster } from "~/components/ui/toaster";
import { brand } from "~/lib/brand";
import { CartProvider } from "~/components/storefront/cart/cart-provider";
import { ErrorPage } from "~/components/storefront/error-page";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { siteOrigin } from "~/lib/http.server";
import { useNonce } from "~/lib/nonce";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getStoreSettings(context.database.db);
  return {
    shipping: { shippingFee: settings.shippingFee, freeShippingThreshold: settings.freeShippingThreshold },
    store: { name: brand.name, tagline: brand.tagline, description: brand.description },
    origin: siteOrigin(request, context),
    year: new Date().getFullYear(),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

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

export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ title: isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong" }] : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <CartProvider>
      <ErrorPage status={notFound ? 404 : 500} />
    </CartProvider>
  );
}

// The root data (store name, origin, year, shipping rates) is read once per page load; the
// server recomputes shipping at checkout whatever the browser shows.
export const shouldRevalidate = () => false;
