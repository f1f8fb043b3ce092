import { Link } from "react-router";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { headerLinks } from "../navigation";

/** The phone menu: the header's links in a sheet from the left. */
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
      <SheetContent side="left" className="px-6 pt-6">
        <SheetTitle className="tracking-[0.08em] uppercase">{storeName}</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="mt-8">
          <ul className="divide-y divide-border border-y border-border">
            {[...headerLinks, { label: "Wishlist", to: "/wishlist" }].map((link) => (
              <li key={link.label}>
                <SheetClose asChild>
                  <Link to={link.to} className="block py-4 font-display text-2xl font-medium text-charcoal hover:text-forest">
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
          </ul>
        </nav>
        <div className="kente-band mt-auto mb-6 h-1.5 rounded-full" aria-hidden />
      </SheetContent>
    </Sheet>
  );
}
