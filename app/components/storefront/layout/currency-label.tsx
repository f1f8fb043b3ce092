import { displayCurrencySymbols, type DisplayCurrency } from "~/modules/currency/exchange-rates";

/** The look of the header's currency button, shared by the menu and the stand-in shown while it loads. */
export const currencyTrigger =
  "inline-flex h-10 min-w-[4.5rem] items-center justify-center gap-1 rounded-full px-2.5 text-[0.8rem] font-semibold tracking-[0.06em] whitespace-nowrap text-charcoal tabular-nums transition-colors";

/** "USD $": the code, and its sign in gold. */
export function CurrencyLabel({ currency }: { currency: DisplayCurrency }) {
  return (
    <span>
      {currency} <span className="text-gold-ink">{displayCurrencySymbols[currency]}</span>
    </span>
  );
}
