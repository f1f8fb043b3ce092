import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const badgeVariants = cva(
  "inline-flex items-center rounded-sm px-2 py-0.5 text-[0.68rem] font-bold uppercase tracking-[0.12em] leading-5",
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
