import { Star } from "lucide";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/**
 * A rating drawn as five stars (filled to the nearest half). The stars are decoration: the
 * number is said in text by the caller, or by `label` here.
 */
export function ReviewStars({
  rating,
  size = "md",
  label,
  className,
}: {
  rating: number;
  size?: "sm" | "md" | "lg";
  label?: string;
  className?: string;
}) {
  const px = size === "sm" ? "size-3.5" : size === "lg" ? "size-6" : "size-4.5";
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = Math.max(0, Math.min(1, Math.round((rating - star + 1) * 2) / 2));
        return (
          <span key={star} className={cn("relative inline-block", px)}>
            <Icon of={Star} className={cn("absolute inset-0 text-gold/45", px)} strokeWidth={1.5} />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Icon of={Star} className={cn("fill-gold text-gold", px)} strokeWidth={1.5} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** "4 out of 5 stars" */
export const starsLabel = (rating: number) => `${rating} out of 5 stars`;
