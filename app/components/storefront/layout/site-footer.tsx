import { Mail, MapPin, Phone, Clock } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~/lib/brand";
import { footerLegalLinks, footerQuickLinks, footerShopLinks } from "../navigation";
import { BrandMark } from "./brand-mark";
import { NewsletterForm } from "./newsletter-form";

const heading = "mb-5 text-xs font-bold uppercase tracking-[0.22em] text-gold-light";
const link = "text-sm text-ivory/80 transition-colors hover:text-ivory";

export function SiteFooter({ storeName, year }: { storeName: string; year: number }) {
  return (
    <footer id="contact" className="bg-forest-deep text-ivory">
      <div className="kente-band h-1.5" aria-hidden />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 md:grid-cols-2 md:px-8 lg:grid-cols-12">
        <div className="space-y-5 lg:col-span-4">
          <BrandMark name={storeName} tagline={brand.tagline} light />
          <p className="max-w-sm text-sm leading-relaxed text-ivory/75">{brand.description}</p>
          <div className="pt-2">
            <h2 className={heading}>The Ahenfie Letter</h2>
            <p className="mb-4 text-sm text-ivory/75">
              New collections, fabric stories and private sale invitations. No more than twice a month.
            </p>
            <NewsletterForm />
          </div>
        </div>
        <FooterLinks title="Shop" links={footerShopLinks} />
        <FooterLinks title="Quick Links" links={footerQuickLinks} />
        <div className="lg:col-span-4">
          <h2 className={heading}>Contact</h2>
          <address className="space-y-4 text-sm text-ivory/80 not-italic">
            <p className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
              <span>
                {brand.contact.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="flex gap-3">
              <Phone className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
              <a href={`tel:${brand.contact.phone.replace(/\s/g, "")}`} className="hover:text-ivory">
                {brand.contact.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
              <a href={`mailto:${brand.contact.email}`} className="hover:text-ivory">
                {brand.contact.email}
              </a>
            </p>
            <p className="flex gap-3">
              <Clock className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
              <span>{brand.contact.hours}</span>
            </p>
          </address>
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
    </footer>
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
