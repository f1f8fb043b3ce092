import { Outlet } from "react-router";
import { SiteFooter } from "~/components/storefront/layout/site-footer";
import { useRootData } from "~/lib/page-context";
import { headerWordmark } from "~/lib/wordmark";
import { CartPanelIsland, HeaderIsland } from "~/islands/shell";

export default function StorefrontLayout() {
  const root = useRootData();
  const storeName = root?.store.name ?? "Ahenfie";
  const wordmark = headerWordmark(storeName);
  return (
    // Below 1024 px the product page's Add to Cart stays at the foot of the screen: room for it
    // (two lines when made to measure) under the footer.
    <div className="flex min-h-dvh flex-col in-data-[page=product]:max-lg:pb-18">
      <a
        href="#main"
        className="sr-only z-50 rounded-sm bg-forest px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <HeaderIsland storeName={storeName} wordmark={wordmark} tagline={root?.store.tagline ?? ""} logo={root?.store.logo ?? null} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <SiteFooter storeName={storeName} year={root?.year ?? new Date().getFullYear()} />
      <CartPanelIsland />
    </div>
  );
}
