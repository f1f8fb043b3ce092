import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";
import type { Wordmark } from "~/lib/wordmark";
import type { StoreLogo } from "~/modules/settings/store-settings";

/**
 * The wordmark: an Adinkrahene-style emblem and the store name, a link home; or, once the owner
 * uploads one (Settings → General), the shop's logo with the store name as its text. Its
 * accessible name is its visible text (or the logo's alt) plus ", home" (hidden visually), so
 * speech users can say what they see (WCAG 2.5.3; an aria-label of its own would replace the
 * visible words). The name's size follows its length (app/lib/wordmark.ts, decision 032): any
 * name fits in two lines at every width; under a name of two lines there is no tagline.
 */
export function BrandMark({
  name,
  wordmark,
  tagline,
  logo,
  light = false,
  className,
}: {
  name: string;
  /** headerWordmark(name), from the page's server side. */
  wordmark: Wordmark;
  tagline?: string;
  logo?: StoreLogo | null;
  light?: boolean;
  className?: string;
}) {
  const { tier, className: nameClassName } = wordmark;
  if (logo) {
    return (
      <Link to="/" className={cn("group inline-flex min-w-0 items-center", className)}>
        <img
          src={logo.url}
          alt={name}
          width={logo.width}
          height={logo.height}
          // A dark logo stays readable on the footer's forest green.
          className={cn(
            "h-10 w-auto max-w-[9.5rem] object-contain object-left md:h-12 sm:max-w-[13rem]",
            light && "rounded-sm bg-ivory px-3 py-2 md:h-14",
          )}
        />
        <span className="sr-only">, home</span>
      </Link>
    );
  }
  return (
    <Link to="/" className={cn("group inline-flex min-w-0 items-center gap-3", className)}>
      <svg
        viewBox="0 0 40 40"
        // Beside a long name on a phone the emblem gives its room to the words.
        className={cn("size-9 shrink-0", (tier === "small" || tier === "tiny") && "max-sm:hidden")}
        aria-hidden
      >
        <circle cx="20" cy="20" r="19" fill={light ? "#fbf8f1" : "#0f3d2e"} />
        <circle cx="20" cy="20" r="13" fill="none" stroke="#c9a227" strokeWidth="2.2" />
        <circle cx="20" cy="20" r="8" fill="none" stroke="#c9a227" strokeWidth="2.2" />
        <circle cx="20" cy="20" r="3.2" fill="#c9a227" />
      </svg>
      <span className="flex min-w-0 flex-col leading-none">
        <span data-wordmark={tier} className={cn("font-display font-semibold", nameClassName, light ? "text-ivory" : "text-charcoal")}>
          {name}
        </span>
        {tagline && tier === "full" && (
          <span
            className={cn(
              "mt-1 hidden text-[0.58rem] font-bold tracking-[0.32em] whitespace-nowrap uppercase sm:block",
              light ? "text-gold-light" : "text-gold-ink",
            )}
          >
            {tagline}
          </span>
        )}
      </span>
      <span className="sr-only">, home</span>
    </Link>
  );
}
