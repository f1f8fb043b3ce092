import { Link } from "~/components/ui/link";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { collectionLinks, headerLinks } from "../navigation";
import { CurrencySelect } from "./currency-select";

const collectionPaths = new Set<string>(collectionLinks.map((link) => link.to));
/** The header's links less the collections, which the menu lists whole in their own section. */
const pageLinks = [...headerLinks.filter((link) => !collectionPaths.has(link.to)), { label: "Wishlist", to: "/wishlist" }];

/** The phone menu: every collection, the header's other links, then the currency, in a sheet from the left. */
export default function MobileMenuSheet({
  storeName,
  open,
  onOpenChange,
}: {
  storeName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="overflow-y-auto px-6 pt-6">
        <SheetTitle className="pr-8 tracking-[0.08em] text-balance [overflow-wrap:anywhere] uppercase">{storeName}</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="mt-6">
          <h2 id="mobile-menu-collections" className="text-[0.7rem] font-bold tracking-[0.28em] text-gold-ink uppercase">
            Collections
          </h2>
          <ul aria-labelledby="mobile-menu-collections" className="mt-2 grid grid-cols-2 gap-x-6 border-b border-border pb-4">
            {collectionLinks.map((link) => (
              <li key={link.to}>
                <SheetClose asChild>
                  <Link to={link.to} className="block py-2.5 font-display text-xl font-medium text-charcoal hover:text-forest">
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
          </ul>
          <ul className="divide-y divide-border border-b border-border">
            {pageLinks.map((link) => (
              <li key={link.label}>
                <SheetClose asChild>
                  <Link to={link.to} className="block py-3.5 font-display text-2xl font-medium text-charcoal hover:text-forest">
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
          </ul>
        </nav>
        <CurrencySelect />
        <div className="kente-band mt-auto mb-6 h-1.5 shrink-0 rounded-full" aria-hidden />
      </SheetContent>
    </Sheet>
  );
}
