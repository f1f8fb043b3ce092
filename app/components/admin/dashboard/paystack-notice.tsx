import { CreditCard } from "lucide";
import { useAdminViewer } from "../use-admin-viewer";
import { DashboardNotice } from "./dashboard-notice";

/**
 * Shown on the dashboard while Paystack is not connected: a calm line that Card Payment and
 * Mobile Money are off (shoppers pay on delivery) and where to connect it.
 */
export function PaystackNotice() {
  const mayConnect = useAdminViewer().can("settings.payments");
  return (
    <DashboardNotice
      id="paystack-notice-title"
      icon={CreditCard}
      title="Card Payment and Mobile Money are off"
      action={mayConnect ? { to: "/admin/settings?tab=payments", label: "How to connect Paystack" } : undefined}
    >
      Paystack is not connected, so shoppers can only pay on delivery.{" "}
      {mayConnect ? "Connecting takes two keys from your Paystack account." : "The owner can connect it in Settings → Payments."}
    </DashboardNotice>
  );
}
