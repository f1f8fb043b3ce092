import { Heart, Menu, ShoppingBag, User } from "lucide";
import { lazy, Suspense, useState } from "react";
import { usePageContext } from "~/lib/page-context";
import { DrawnOnce } from "~/lib/rendered-once";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { useCart } from "../cart/use-cart";
import { loadCartPanel } from "../cart/lazy-cart-panel";
import { headerLinks } from "../navigation";
import { useWishlist } from "../wishlist-store";
import { BrandMark } from "./brand-mark";
import { HeaderCurrency } from "./header-currency";
import { HeaderSearch } from "./header-search";
import type { HeaderViewer } from "~/lib/header-viewer";
import type { Wordmark } from "~/lib/wordmark";
import type { StoreLogo } from "~/modules/settings/store-settings";

const iconButton =
  "relative inline-flex size-10 items-center justify-center rounded-full text-charcoal transition-colors hover:bg-sand cursor-pointer";

/** Whether two addresses of the shop are the same page (any case, with or without a trailing slash). */
function samePage(pathname: string, to: string): boolean {
  const page = (path: string) => path.replace(/\/+$/, "").toLowerCase();
  return page(pathname) === page(to);
}

const headerClass = "sticky top-0 z-40 border-b border-border/70 bg-ivory/95 backdrop-blur supports-[backdrop-filter]:bg-ivory/85";

interface SiteHeaderProps {
  storeName: string;
  wordmark: Wordmark;
  tagline: string;
  logo: StoreLogo | null;
  viewer: HeaderViewer | null;
}

/**
 * The header bar. The server draws it for no one in particular (who is signed in, the cart, the
 * wishlist and the currency come in the browser), so its markup depends only on the store's name,
 * wordmark and tagline and on which of its links is the page: the server draws it once per those
 * (app/lib/rendered-once.ts), as the footer, instead of for every page nobody has asked for yet.
 * Not with a store's own logo: React preloads such a picture in the page's head, which markup
 * drawn apart would not do (site-header.test.tsx holds both ways to the same markup).
 */
export function SiteHeader(props: SiteHeaderProps) {
  const { pathname } = usePageContext();
  const cart = useCart();
  const wishlist = useWishlist();
  // The page a link opens is the one shown; a link to a part of a page ("#contact") never is.
  const activeLink = headerLinks.find((link) => !link.to.includes("#") && samePage(pathname, link.to))?.to ?? null;
  const bar = (
    <HeaderBar
      {...props}
      activeLink={activeLink}
      cartCount={cart.itemCount}
      wishlistCount={wishlist.ids.length}
      openCart={() => cart.setOpen(true)}
    />
  );
  const { storeName, wordmark, tagline } = props;
  const drawKey =
    props.viewer || props.logo
      ? null
      : JSON.stringify(["site-header", storeName, wordmark, tagline, activeLink, cart.itemCount, wishlist.ids.length]);
  return (
    <DrawnOnce as="header" className={headerClass} drawKey={drawKey}>
      {bar}
    </DrawnOnce>
  );
}

function HeaderBar({
  storeName,
  wordmark,
  tagline,
  logo,
  viewer,
  activeLink,
  cartCount,
  wishlistCount,
  openCart,
}: SiteHeaderProps & { activeLink: string | null; cartCount: number; wishlistCount: number; openCart: () => void }) {
  // The header's links are the kit's plain links: React Router's NavLink resolved each one on every render.
  return (
    <>
      <div className="kente-band h-1" aria-hidden />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 md:h-20 md:px-8 sm:gap-4 lg:gap-3 xl:gap-4">
        <MobileMenu storeName={storeName} />
        <BrandMark name={storeName} wordmark={wordmark} tagline={tagline} logo={logo} className="mr-auto lg:mr-0" />
        <nav aria-label="Main" className="mx-auto hidden shrink-0 lg:block">
          {/* Each link on one line ("Track Order" never breaks), whatever the store name beside it. */}
          <ul className="flex items-center gap-4 whitespace-nowrap xl:gap-7">
            {headerLinks.map((link) => {
              const active = link.to === activeLink;
              return (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "relative py-2 text-[0.8rem] font-semibold tracking-[0.14em] text-charcoal/80 uppercase transition-colors hover:text-charcoal",
                      "after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-left after:scale-x-0 after:bg-gold after:transition-transform hover:after:scale-x-100",
                      active && "text-charcoal after:scale-x-100",
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1">
          {/* Below 440 px the heart gives way to the search button; the phone menu lists Wishlist. */}
          <HeaderCurrency />
          <HeaderSearch iconButtonClassName={iconButton} />
          <Link to="/wishlist" className={cn(iconButton, "hidden min-[440px]:inline-flex")} aria-label={`Wishlist, ${wishlistCount} saved`}>
            <Icon of={Heart} className="size-5" />
            {wishlistCount > 0 && <span className="absolute top-1.5 right-1.5 size-2 rounded-full bg-terracotta" aria-hidden />}
          </Link>
          {viewer ? (
            <Suspense
              fallback={
                <span className={iconButton} aria-hidden>
                  <Icon of={User} className="size-5" />
                </span>
              }
            >
              <AccountMenu email={viewer.email} isAdmin={viewer.isAdmin} triggerClassName={iconButton} />
            </Suspense>
          ) : (
            <Link to="/auth" className={iconButton} aria-label="Account: sign in">
              <Icon of={User} className="size-5" />
            </Link>
          )}
          <button
            type="button"
            className={iconButton}
            onClick={openCart}
            onPointerEnter={() => void loadCartPanel()}
            onFocus={() => void loadCartPanel()}
            aria-label={`Open cart, ${cartCount} item${cartCount === 1 ? "" : "s"}`}
          >
            <Icon of={ShoppingBag} className="size-5" />
            {cartCount > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-gold px-1 text-[0.7rem] font-bold text-charcoal tabular-nums"
              >
                {cartCount}
              </span>
            )}
          </button>
        </div>
      </div>
    </>
  );
}

const MobileMenuSheet = lazy(() => import("./mobile-menu"));
// Only signed-in visitors download the dropdown.
const AccountMenu = lazy(() => import("./account-menu"));

/** The menu's sheet loads on first open; the toggle itself is a plain button. */
function MobileMenu({ storeName }: { storeName: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cn(iconButton, "lg:hidden")}
        aria-label="Open menu"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Icon of={Menu} className="size-5" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet storeName={storeName} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
