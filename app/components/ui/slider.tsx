import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A range slider; pass `thumbLabels` so each thumb has an accessible name. */
export function Slider({ className, thumbLabels, ...props }: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels: string[] }) {
  return (
    <SliderPrimitive.Root className={cn("relative flex w-full touch-none items-center py-2 select-none", className)} {...props}>
      <SliderPrimitive.Track className="relative h-1 w-full grow overflow-hidden rounded-full bg-sand-deep">
        <SliderPrimitive.Range className="absolute h-full bg-forest" />
      </SliderPrimitive.Track>
      {thumbLabels.map((label) => (
        <SliderPrimitive.Thumb
          key={label}
          aria-label={label}
          className="block size-5 cursor-grab rounded-full border-2 border-forest bg-ivory shadow transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-gold"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
