import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const badgeVariants = cva(
  // Its look is the `badge` class (app.css): a card shows up to three, forty cards a page.
  "badge",
  {
    variants: {
      variant: {
        default: "bg-forest text-ivory",
        gold: "bg-gold text-charcoal",
        sale: "bg-terracotta text-white",
        outline: "border border-charcoal/25 text-charcoal",
        muted: "bg-sand text-charcoal",
        dark: "bg-charcoal text-ivory",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
