import { NativeSelect } from "~/components/ui/native-select";
import { displayCurrencyNames, displayCurrencySymbols, type DisplayCurrency } from "~/modules/currency/exchange-rates";
import { chooseShopperCurrency, useCurrencyMenu } from "../shopper-currency";

/** The phone menu's currency choice: the browser's own select (the native picker on phones). */
export function CurrencySelect() {
  const menu = useCurrencyMenu();
  if (!menu) return null;
  const storeCurrency = menu.choices[0];
  return (
    <div className="mt-6">
      <label htmlFor="mobile-currency" className="text-[0.7rem] font-bold tracking-[0.28em] text-gold-ink uppercase">
        Currency
      </label>
      <NativeSelect
        id="mobile-currency"
        className="mt-2"
        value={menu.selected}
        onChange={(event) => chooseShopperCurrency(event.target.value as DisplayCurrency)}
        aria-describedby="mobile-currency-note"
      >
        {menu.choices.map((currency) => (
          <option key={currency} value={currency}>
            {currency} {displayCurrencySymbols[currency]} · {displayCurrencyNames[currency]}
          </option>
        ))}
      </NativeSelect>
      <p id="mobile-currency-note" className="mt-2 text-xs text-stone">
        You are charged in {storeCurrency}. Other amounts are approximate.
      </p>
    </div>
  );
}
