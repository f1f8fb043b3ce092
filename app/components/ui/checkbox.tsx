import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A native checkbox in the brand's colours (no script needed, fully accessible). */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return <input type="checkbox" className={cn("size-5 shrink-0 cursor-pointer rounded-sm accent-forest", className)} {...props} />;
}
