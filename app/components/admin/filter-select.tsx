import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A native select styled for the admin filter bars (works before hydration, submits with its form). */
export function FilterSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        className="h-11 w-full cursor-pointer appearance-none rounded-sm border border-border bg-white pr-9 pl-3 text-sm text-charcoal transition-colors focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold/60"
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone" aria-hidden />
    </div>
  );
}
