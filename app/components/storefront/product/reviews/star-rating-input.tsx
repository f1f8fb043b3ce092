import { Star } from "lucide";
import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

const words = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

/**
 * The rating as five radio buttons in a fieldset: arrow keys move between them, as in any radio
 * group, and each says "3 stars, Good". The stars light up to the chosen (or hovered) one.
 */
export function StarRatingInput({
  name,
  defaultValue,
  errorId,
  error,
}: {
  name: string;
  defaultValue?: number;
  errorId: string;
  error?: string;
}) {
  const [value, setValue] = useState<number | null>(defaultValue ?? null);
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-charcoal">Your rating</legend>
      <div className="flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {[1, 2, 3, 4, 5].map((star) => (
            <label
              key={star}
              className="group cursor-pointer rounded-sm p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-gold"
              onMouseEnter={() => setHover(star)}
            >
              <input
                type="radio"
                name={name}
                value={star}
                defaultChecked={defaultValue === star}
                onChange={() => setValue(star)}
                className="sr-only"
              />
              <span className="sr-only">
                {star} {star === 1 ? "star" : "stars"}, {words[star - 1]}
              </span>
              <Icon
                of={Star}
                strokeWidth={1.5}
                className={cn("size-9 transition-colors", star <= shown ? "fill-gold text-gold" : "text-stone/50 group-hover:text-gold")}
              />
            </label>
          ))}
        </div>
        <span className="text-sm text-stone" aria-hidden>
          {shown ? words[shown - 1] : "Choose 1 to 5 stars"}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
