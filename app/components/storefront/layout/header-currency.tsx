import { ChevronDown } from "lucide";
import { lazy, Suspense } from "react";
import { Icon } from "~/components/ui/icon";
import { mediaQueryStore, useMediaQuery } from "~/lib/media-query";
import { useCurrencyMenu } from "../shopper-currency";
import { CurrencyLabel, currencySlot, currencyTrigger } from "./currency-label";

const CurrencyMenu = lazy(() => import("./currency-menu"));

/** Tailwind's lg: from here the header shows the main nav and this menu; below, the menu sheet has it and phones never download it. */
const wideHeader = mediaQueryStore("(min-width: 64rem)");

/**
 * The currency menu's place in the header (lg and up; phones and tablets find it in the menu sheet). The
 * page's HTML is the same for every visitor, so the server renders an empty slot of the menu's
 * width (nothing moves when it fills) and the menu appears once the rates arrive in the browser.
 */
export function HeaderCurrency() {
  const menu = useCurrencyMenu();
  const wide = useMediaQuery(wideHeader);
  if (!menu || !wide) return <span className={currencySlot} aria-hidden />;
  return (
    <div className="hidden lg:block">
      <Suspense
        fallback={
          <span className={currencyTrigger} aria-hidden>
            <CurrencyLabel currency={menu.selected} />
            <Icon of={ChevronDown} className="hidden size-3.5 text-stone xl:block" />
          </span>
        }
      >
        <CurrencyMenu menu={menu} />
      </Suspense>
    </div>
  );
}
