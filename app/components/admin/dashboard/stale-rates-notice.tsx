import { Coins } from "lucide";
import { RATE_STALE_AFTER_DAYS, type DisplayCurrency } from "~/modules/currency/exchange-rates";
import { useAdminViewer } from "../use-admin-viewer";
import { DashboardNotice } from "./dashboard-notice";

/**
 * Shown on the dashboard while an exchange rate is older than a week: shoppers abroad are
 * being shown approximate prices from it, and where to update it (Settings → Currencies).
 */
export function StaleRatesNotice({ currencies }: { currencies: DisplayCurrency[] }) {
  const list = currencies.join(", ");
  const mayUpdate = useAdminViewer().can("settings.general");
  return (
    <DashboardNotice
      id="stale-rates-notice-title"
      icon={Coins}
      title="Exchange rates need updating"
      action={mayUpdate ? { to: "/admin/settings?tab=currencies", label: "Update exchange rates" } : undefined}
    >
      {currencies.length === 1 ? `The ${list} rate was` : `The ${list} rates were`} set more than {RATE_STALE_AFTER_DAYS} days ago. Shoppers
      abroad see approximate prices from {currencies.length === 1 ? "it" : "them"}.
      {!mayUpdate && " A manager or the owner can update them in Settings → Currencies."}
    </DashboardNotice>
  );
}
