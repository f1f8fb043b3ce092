import { CreditCard } from "lucide-react";
import { Link } from "react-router";

/**
 * Shown on the dashboard while Paystack is not connected: a calm line that Card Payment and
 * Mobile Money are off (shoppers pay on delivery) and where to connect it.
 */
export function PaystackNotice() {
  return (
    <section
      aria-labelledby="paystack-notice-title"
      className="flex flex-col gap-3 rounded-md border border-border bg-ivory p-4 md:px-6 sm:flex-row sm:items-center"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sand text-forest" aria-hidden>
        <CreditCard className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="paystack-notice-title" className="font-sans text-sm font-semibold text-charcoal">
          Card Payment and Mobile Money are off
        </h2>
        <p className="mt-0.5 text-sm text-stone">
          Paystack is not connected, so shoppers can only pay on delivery. Connecting takes two keys from your Paystack account.
        </p>
      </div>
      <Link
        to="/admin/settings?tab=payments"
        className="inline-flex h-9 shrink-0 items-center justify-center rounded-sm border border-charcoal/20 px-3 text-xs font-semibold tracking-wide text-charcoal transition-colors hover:border-forest hover:bg-forest hover:text-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        How to connect Paystack
      </Link>
    </section>
  );
}
