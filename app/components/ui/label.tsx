import type { ComponentProps, MouseEvent } from "react";
import { cn } from "~/lib/cn";

/**
 * A form label. What Radix's Label adds to `<label>`, without its chunks on the collection
 * page: a double click on the label does not select its text, unless it lands in a control.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    <label
      className={cn("text-sm font-medium text-charcoal select-none", className)}
      onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
        if ((event.target as Element).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
