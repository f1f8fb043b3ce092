import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { NativeSelect } from "~/components/ui/native-select";
import { describedBy } from "./field";

/**
 * A native <select> for a Conform field. Apart from the rest of the kit (field.tsx) because the
 * select's module travels in the checkout's chunk of the browser build: a form with no select
 * (sign-in, a review, the verified page) would otherwise load the checkout's code with it.
 */
export function SelectInput<S>({
  field,
  hint,
  className,
  ...props
}: { field: FieldMetadata<S>; hint?: boolean } & Omit<ComponentProps<"select">, "name" | "id">) {
  const { key, ...control } = getSelectProps(field, { ariaDescribedBy: describedBy(field, { hint }) });
  return <NativeSelect key={key} {...control} {...props} className={className} />;
}
