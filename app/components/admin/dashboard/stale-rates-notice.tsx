import { Coins } from "lucide-react";
import { Link } from "react-router";
import { RATE_STALE_AFTER_DAYS, type DisplayCurrency } from "~/modules/currency/exchange-rates";

/**
 * Shown on the dashboard while an exchange rate is older than a week: shoppers abroad are
 * being shown approximate prices from it, and where to update it (Settings → Currencies).
 */
export function StaleRatesNotice({ currencies }: { currencies: DisplayCurrency[] }) {
  const list = currencies.join(", ");
  return (
    <section
      aria-labelledby="stale-rates-notice-title"
      className="flex flex-col gap-3 rounded-md border border-border bg-ivory p-4 md:px-6 sm:flex-row sm:items-center"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sand text-forest" aria-hidden>
        <Coins className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="stale-rates-notice-title" className="font-sans text-sm font-semibold text-charcoal">
          Exchange rates need updating
        </h2>
        <p className="mt-0.5 text-sm text-stone">
          {currencies.length === 1 ? `The ${list} rate was` : `The ${list} rates were`} set more than {RATE_STALE_AFTER_DAYS} days ago.
          Shoppers abroad see approximate prices from {currencies.length === 1 ? "it" : "them"}.
        </p>
      </div>
      <Link
        to="/admin/settings?tab=currencies"
        className="inline-flex h-9 shrink-0 items-center justify-center rounded-sm border border-charcoal/20 px-3 text-xs font-semibold tracking-wide text-charcoal transition-colors hover:border-forest hover:bg-forest hover:text-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        Update exchange rates
      </Link>
    </section>
  );
}
