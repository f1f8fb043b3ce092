import { CreditCard } from "lucide";
import { DashboardNotice } from "./dashboard-notice";

/**
 * Shown on the dashboard while Paystack is not connected: a calm line that Card Payment and
 * Mobile Money are off (shoppers pay on delivery) and where to connect it.
 */
export function PaystackNotice() {
  return (
    <DashboardNotice
      id="paystack-notice-title"
      icon={CreditCard}
      title="Card Payment and Mobile Money are off"
      action={{ to: "/admin/settings?tab=payments", label: "How to connect Paystack" }}
    >
      Paystack is not connected, so shoppers can only pay on delivery. Connecting takes two keys from your Paystack account.
    </DashboardNotice>
  );
}
