import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";

/**
 * The wordmark: an Adinkrahene-style emblem and the store name, a link home. Its accessible name
 * is its visible text plus ", home" (hidden visually), so speech users can say what they see
 * (WCAG 2.5.3; an aria-label of its own would replace the visible words).
 */
export function BrandMark({
  name,
  tagline,
  light = false,
  className,
}: {
  name: string;
  tagline?: string;
  light?: boolean;
  className?: string;
}) {
  return (
    <Link to="/" className={cn("group inline-flex items-center gap-3", className)}>
      <svg viewBox="0 0 40 40" className="size-9 shrink-0" aria-hidden>
        <circle cx="20" cy="20" r="19" fill={light ? "#fbf8f1" : "#0f3d2e"} />
        <circle cx="20" cy="20" r="13" fill="none" stroke="#c9a227" strokeWidth="2.2" />
        <circle cx="20" cy="20" r="8" fill="none" stroke="#c9a227" strokeWidth="2.2" />
        <circle cx="20" cy="20" r="3.2" fill="#c9a227" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className={cn("font-display text-2xl font-semibold tracking-[0.08em] uppercase", light ? "text-ivory" : "text-charcoal")}>
          {name}
        </span>
        {tagline && (
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
