import { Link } from "~/components/ui/link";
import { useRootData } from "~/lib/page-context";
import { useViewer, useViewerUpdates } from "../viewer-store";
import { SiteHeader } from "./site-header";
import type { Wordmark } from "~/lib/wordmark";
import type { StoreLogo } from "~/modules/settings/store-settings";

/**
 * The top of every storefront page: the maintenance reminder (admins only) and the header,
 * with who is signed in as the browser learns it (viewer-store.ts). One island (decision 021).
 */
export function StorefrontHeader({
  storeName,
  wordmark,
  tagline,
  logo,
}: {
  storeName: string;
  wordmark: Wordmark;
  tagline: string;
  logo: StoreLogo | null;
}) {
  const maintenanceMode = useRootData()?.maintenanceMode ?? false;
  const viewer = useViewer();
  useViewerUpdates();
  return (
    <>
      {maintenanceMode && viewer?.isAdmin && (
        <p role="status" className="bg-terracotta px-4 py-2 text-center text-sm font-semibold text-ivory">
          Maintenance mode is on: shoppers see the maintenance page. Only admins see the shop.{" "}
          <Link to="/admin/settings" className="underline underline-offset-4">
            Open settings
          </Link>
        </p>
      )}
      <SiteHeader storeName={storeName} wordmark={wordmark} tagline={tagline} logo={logo} viewer={viewer} />
    </>
  );
}
