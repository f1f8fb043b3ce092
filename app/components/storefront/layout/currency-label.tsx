import { displayCurrencySymbols, type DisplayCurrency } from "~/modules/currency/exchange-rates";

/**
 * The look of the header's currency button, shared by the menu and the stand-in shown while it
 * loads: from 1280 px "USD $ ▾"; below, where the nav leaves no room, a round button like the
 * header's icons showing the sign alone. Its width matches the slot the server renders.
 */
export const currencyTrigger =
  "inline-flex size-10 items-center justify-center gap-1 rounded-full text-[0.8rem] font-semibold tracking-[0.06em] whitespace-nowrap text-charcoal tabular-nums transition-colors xl:w-auto xl:min-w-[5.125rem] xl:px-2.5";
export const currencySlot = "hidden w-10 lg:block xl:w-[5.125rem]";

/** "USD $": the code (from 1280 px), and its sign in gold. */
export function CurrencyLabel({ currency }: { currency: DisplayCurrency }) {
  return (
    <span>
      <span className="hidden xl:inline">{currency} </span>
      <span className="text-gold-ink">{displayCurrencySymbols[currency]}</span>
    </span>
  );
}
