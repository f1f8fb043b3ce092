import { Mail, MapPin, MessageCircle, Phone, Clock } from "lucide";
import { useContext } from "react";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { whatsappLink } from "~/modules/settings/contact-links";
import { useStoreProfile } from "../use-store-settings";
import { footerLegalLinks, footerQuickLinks, footerShopLinks } from "../navigation";
import { cn } from "~/lib/cn";
import { headerWordmark } from "~/lib/wordmark";
import { Emblem } from "./brand-mark";
import type { StoreLogo } from "~/modules/settings/store-settings";
import type { StoreProfile } from "~/modules/settings/store-profile";
import { NewsletterIsland } from "~/islands/shell";
import { IslandsPageContext } from "~/islands/island";
import { contentKey, DrawnOnce } from "~/lib/rendered-once";

const heading = "mb-5 text-xs font-bold uppercase tracking-[0.22em] text-gold-light";
const link = "text-sm text-ivory/80 transition-colors hover:text-ivory";

const footerClass = "bg-forest-deep text-ivory";

/**
 * The footer: the shop's contact details, WhatsApp and social links as set in Settings. The
 * same on every page of a shop, so the server draws its markup once per store profile, name,
 * year and kind of page (app/lib/rendered-once.ts): a fifth of a search page's elements.
 */
export function SiteFooter({ storeName, year }: { storeName: string; year: number }) {
  const store = useStoreProfile();
  const islandsPage = useContext(IslandsPageContext);
  return (
    <DrawnOnce
      as="footer"
      id="contact"
      className={footerClass}
      drawKey={JSON.stringify(["site-footer", storeName, year, islandsPage, contentKey(store)])}
    >
      <FooterContent storeName={storeName} year={year} store={store} />
    </DrawnOnce>
  );
}

function FooterContent({ storeName, year, store }: { storeName: string; year: number; store: StoreProfile }) {
  const { contact } = store;
  const whatsapp = contact.whatsapp ? whatsappLink(contact.whatsapp) : null;
  return (
    <>
      <div className="kente-band h-1.5" aria-hidden />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 md:grid-cols-2 md:px-8 lg:grid-cols-12">
        <div className="space-y-5 lg:col-span-4">
          <FooterBrand name={storeName} tagline={store.tagline} logo={store.logo} />
          <p className="max-w-sm text-sm leading-relaxed text-ivory/75">{store.description}</p>
          <div className="pt-2">
            <h2 className={heading}>The {storeName} Letter</h2>
            <p className="mb-4 text-sm text-ivory/75">
              New collections, fabric stories and private sale invitations. No more than twice a month.
            </p>
            <NewsletterIsland />
          </div>
        </div>
        <FooterLinks title="Shop" links={footerShopLinks} />
        <FooterLinks title="Quick Links" links={footerQuickLinks} />
        <div className="lg:col-span-4">
          <h2 className={heading}>Contact</h2>
          <address className="space-y-4 text-sm text-ivory/80 not-italic">
            {contact.addressLines.length > 0 && (
              <p className="flex gap-3">
                <Icon of={MapPin} className="mt-0.5 size-4 shrink-0 text-gold" />
                <span>
                  {contact.addressLines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              </p>
            )}
            {contact.phone && (
              <p className="flex gap-3">
                <Icon of={Phone} className="mt-0.5 size-4 shrink-0 text-gold" />
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="hover:text-ivory">
                  {contact.phone}
                </a>
              </p>
            )}
            {whatsapp && (
              <p className="flex gap-3">
                <Icon of={MessageCircle} className="mt-0.5 size-4 shrink-0 text-gold" />
                <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="hover:text-ivory">
                  <span className="sr-only">WhatsApp </span>
                  {contact.whatsapp}
                  <span className="text-ivory/60" aria-hidden>
                    {" "}
                    (WhatsApp)
                  </span>
                </a>
              </p>
            )}
            <p className="flex gap-3">
              <Icon of={Mail} className="mt-0.5 size-4 shrink-0 text-gold" />
              <a href={`mailto:${contact.email}`} className="hover:text-ivory">
                {contact.email}
              </a>
            </p>
            <p className="flex gap-3">
              <Icon of={Clock} className="mt-0.5 size-4 shrink-0 text-gold" />
              <span>{contact.hours}</span>
            </p>
          </address>
          {store.social.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label={`${storeName} elsewhere`}>
              {store.social.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${storeName} on ${s.label} (opens in a new tab)`}
                    className="inline-flex min-h-9 items-center rounded-full border border-ivory/25 px-4 text-xs font-semibold tracking-[0.14em] text-ivory/85 uppercase transition-colors hover:border-gold hover:text-ivory"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-ivory/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-xs text-ivory/70 md:flex-row md:items-center md:justify-between md:px-8">
          <p>
            © {year} {storeName}. Tailored in Accra, Ghana.
          </p>
          <ul className="flex gap-6">
            {footerLegalLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-ivory">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <nav aria-label={title} className="lg:col-span-2">
      <h2 className={heading}>{title}</h2>
      <ul className="space-y-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={link}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer's wordmark, in ivory on forest green: the server's HTML alone (the header's, an
 * island, is brand-mark.tsx). A logo sits on an ivory plate, so a dark one stays readable; the
 * name is sized by its length as in the header (app/lib/wordmark.ts).
 */
function FooterBrand({ name, tagline, logo }: { name: string; tagline: string; logo: StoreLogo | null }) {
  const { tier, className } = headerWordmark(name);
  return (
    <Link to="/" className="inline-flex min-w-0 items-center gap-3">
      {logo ? (
        <img
          src={logo.url}
          alt={name}
          width={logo.width}
          height={logo.height}
          // Far below the first screen: fetched as it comes near, and not preloaded by React.
          loading="lazy"
          className="h-14 w-auto max-w-52 rounded-sm bg-ivory object-contain p-2"
        />
      ) : (
        <>
          <Emblem tone="ivory" className="size-9 shrink-0" />
          <span className="flex min-w-0 flex-col leading-none">
            <span data-wordmark={tier} className={cn("font-display font-semibold text-ivory", className)}>
              {name}
            </span>
            {tier === "full" && (
              <span className="mt-1 hidden text-[0.58rem] font-bold tracking-[0.32em] whitespace-nowrap text-gold-light uppercase sm:block">
                {tagline}
              </span>
            )}
          </span>
        </>
      )}
      <span className="sr-only">, home</span>
    </Link>
  );
}
