import { Check, ChevronDown } from "lucide";
import { DropdownMenu } from "radix-ui";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { displayCurrencyNames, displayCurrencySymbols, type DisplayCurrency } from "~/modules/currency/exchange-rates";
import { chooseShopperCurrency, type CurrencyMenuState } from "../shopper-currency";
import { CurrencyLabel, currencyTrigger } from "./currency-label";

/**
 * The header's currency menu (md and up; the phone menu has a select): the store currency first,
 * then each one with a rate. Loaded once the rates are known, so the first page's script stays small.
 */
export default function CurrencyMenu({ menu }: { menu: CurrencyMenuState }) {
  const storeCurrency = menu.choices[0];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(currencyTrigger, "cursor-pointer hover:bg-sand data-[state=open]:bg-sand")}
        aria-label={`Currency: ${menu.selected} ${displayCurrencySymbols[menu.selected]}`}
        data-testid="currency-trigger"
      >
        <CurrencyLabel currency={menu.selected} />
        <Icon of={ChevronDown} className="hidden size-3.5 text-stone xl:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          aria-label="Currency"
          className="z-50 w-80 rounded-sm border border-border bg-ivory p-1.5 shadow-lg shadow-charcoal/10 data-[state=open]:animate-fade-up"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2 text-[0.7rem] font-bold tracking-[0.2em] text-stone uppercase">
            Show prices in
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={menu.selected} onValueChange={(value) => chooseShopperCurrency(value as DisplayCurrency)}>
            {menu.choices.map((currency) => (
              <DropdownMenu.RadioItem
                key={currency}
                value={currency}
                className="flex w-full cursor-pointer items-center gap-3 rounded-sm px-3 py-2.5 text-sm text-charcoal outline-none select-none data-[highlighted]:bg-sand"
              >
                <span className="w-[4.5rem] shrink-0 font-semibold tracking-[0.08em] tabular-nums">
                  {currency} <span className="text-gold-ink">{displayCurrencySymbols[currency]}</span>
                </span>
                <span className="min-w-0 flex-1 truncate text-stone">{displayCurrencyNames[currency]}</span>
                <DropdownMenu.ItemIndicator>
                  <Icon of={Check} className="size-4 text-forest" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <p className="px-3 pt-1.5 pb-2 text-xs leading-relaxed text-stone">
            You are charged in {storeCurrency}. Other amounts are approximate.
          </p>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
