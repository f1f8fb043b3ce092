import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "min-h-24 w-full rounded-sm border border-border bg-white px-3 py-2 text-sm text-charcoal transition-colors placeholder:text-stone/80 focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold/60 disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
