import { Outlet, useRouteLoaderData } from "react-router";
import { Link } from "~/components/ui/link";
import { LazyCartPanel } from "~/components/storefront/cart/lazy-cart-panel";
import { SiteFooter } from "~/components/storefront/layout/site-footer";
import { SiteHeader } from "~/components/storefront/layout/site-header";
import type { RootData } from "~/lib/root-data";
import { useViewer, useViewerUpdates } from "~/components/storefront/viewer-store";

export default function StorefrontLayout() {
  const root = useRouteLoaderData<RootData>("root");
  const storeName = root?.store.name ?? "Ahenfie";
  const viewer = useViewer();
  useViewerUpdates();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-sm bg-forest px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {root?.maintenanceMode && viewer?.isAdmin && (
        <p role="status" className="bg-terracotta px-4 py-2 text-center text-sm font-semibold text-ivory">
          Maintenance mode is on: shoppers see the maintenance page. Only admins see the shop.{" "}
          <Link to="/admin/settings" className="underline underline-offset-4">
            Open settings
          </Link>
        </p>
      )}
      <SiteHeader storeName={storeName} tagline={root?.store.tagline ?? ""} viewer={viewer} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <SiteFooter storeName={storeName} year={root?.year ?? new Date().getFullYear()} />
      <LazyCartPanel />
    </div>
  );
}
