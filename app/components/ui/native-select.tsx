import { ChevronDown } from "lucide";
import type { ComponentProps } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/**
 * The browser's own select in the brand's styling: works before the page's script loads,
 * submits with its form, and gives phones their native picker.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        className="h-11 w-full cursor-pointer appearance-none rounded-sm border border-border bg-white pr-9 pl-3 text-sm text-charcoal transition-colors focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold/60 disabled:opacity-50"
        {...props}
      >
        {children}
      </select>
      <Icon of={ChevronDown} className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone" />
    </div>
  );
}
