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
  className,
}: {
  name: string;
  /** headerWordmark(name), from the page's server side. */
  wordmark: Wordmark;
  tagline?: string;
  logo?: StoreLogo | null;
  className?: string;
}) {
  const { tier, className: nameClassName, emblem } = wordmark;
  // One link either way: the logo (named by the store) or the emblem and the name.
  return (
    <Link to="/" className={cn("inline-flex min-w-0 items-center gap-3", className)}>
      {logo ? (
        <img
          src={logo.url}
          alt={name}
          width={logo.width}
          height={logo.height}
          className="h-10 w-auto max-w-36 object-contain md:h-12 sm:max-w-52"
        />
      ) : (
        <>
          <Emblem tone="forest" className={emblem} />
          <span className="flex min-w-0 flex-col leading-none">
            <span data-wordmark={tier} className={`font-display font-semibold text-charcoal ${nameClassName}`}>
              {name}
            </span>
            {tagline && tier === "full" && (
              <span className="mt-1 hidden text-[0.58rem] font-bold tracking-[0.32em] whitespace-nowrap text-gold-ink uppercase sm:block">
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

const EMBLEM_GOLD = "#c9a227";
const EMBLEM_GROUND = { forest: "#0f3d2e", ivory: "#fbf8f1" } as const;

/**
 * The Adinkrahene-style emblem: concentric gold rings on a forest (the header) or ivory (the
 * footer) disc. Drawn inline rather than as an SVG file in an <img>: for each such picture the
 * browser builds a document of its own on the page's main thread as it arrives, 11–23 ms on this
 * machine at load, which Lighthouse's slowed phone counts four times over (decision 032).
 */
export function Emblem({ tone, className }: { tone: keyof typeof EMBLEM_GROUND; className?: string }) {
  return (
    <svg viewBox="0 0 40 40" width={36} height={36} aria-hidden="true" focusable="false" className={className}>
      <circle cx="20" cy="20" r="19" fill={EMBLEM_GROUND[tone]} />
      <g fill="none" stroke={EMBLEM_GOLD} strokeWidth="2.2">
        <circle cx="20" cy="20" r="13" />
        <circle cx="20" cy="20" r="8" />
      </g>
      <circle cx="20" cy="20" r="3.2" fill={EMBLEM_GOLD} />
    </svg>
  );
}
