import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-sm text-sm font-semibold tracking-wide transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        default: "bg-forest text-ivory hover:bg-forest-deep",
        gold: "bg-gold text-charcoal hover:bg-gold-light",
        outline: "border border-charcoal/20 bg-transparent text-charcoal hover:border-forest hover:bg-forest hover:text-ivory",
        ghost: "text-charcoal hover:bg-sand",
        light: "bg-ivory text-charcoal hover:bg-sand",
        "outline-light": "border border-ivory/60 text-ivory hover:bg-ivory hover:text-charcoal",
        link: "text-forest underline-offset-4 hover:underline px-0",
        destructive: "bg-destructive text-white hover:bg-destructive/90",
      },
      size: {
        default: "h-11 px-5",
        sm: "h-9 px-3 text-xs",
        lg: "h-12 px-7 text-sm uppercase tracking-[0.14em]",
        icon: "size-10",
        "icon-sm": "size-8",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
