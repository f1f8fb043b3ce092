import { X } from "lucide";
import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

/** A side panel: full width on phones, at most `max-w-lg` from the 768px breakpoint. */
export function SheetContent({
  className,
  children,
  side = "right",
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: "left" | "right" }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-charcoal/50 backdrop-blur-[2px] data-[state=closed]:animate-[overlay-out_150ms_ease-in] data-[state=open]:animate-[overlay-in_200ms_ease-out]" />
      <SheetPrimitive.Content
        className={cn(
          "fixed inset-y-0 z-50 flex w-full flex-col bg-ivory shadow-2xl md:max-w-lg",
          side === "right"
            ? "right-0 data-[state=closed]:animate-[sheet-out-right_200ms_ease-in] data-[state=open]:animate-[sheet-in-right_300ms_cubic-bezier(0.22,1,0.36,1)]"
            : "left-0 data-[state=closed]:animate-[sheet-out-left_200ms_ease-in] data-[state=open]:animate-[sheet-in-left_300ms_cubic-bezier(0.22,1,0.36,1)] md:max-w-sm",
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 cursor-pointer rounded-sm p-2 text-charcoal/70 transition-colors hover:bg-sand hover:text-charcoal">
          <Icon of={X} className="size-5" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn("font-display text-2xl font-semibold", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn("text-sm text-stone", className)} {...props} />;
}
