import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Eye, EyeOff } from "lucide";
import type { ComponentProps } from "react";
import { Field } from "~/components/forms/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";

type PasswordInputProps<S> = { field: FieldMetadata<S>; visible: boolean; onToggle: () => void } & Omit<
  ComponentProps<"input">,
  "name" | "id" | "type"
>;

/**
 * A password field with the page's one visibility toggle: every password field on the
 * page shows or hides together (docs/product-rules.md: one toggle shared by both tabs).
 */
export function PasswordInput<S>({ field, visible, onToggle, ...props }: PasswordInputProps<S>) {
  const { key, type: _type, ...control } = getInputProps(field, { type: "password" });
  return (
    <div className="relative">
      <Input key={key} {...control} {...props} type={visible ? "text" : "password"} className="pr-11" />
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={visible}
        aria-label={visible ? "Hide passwords" : "Show passwords"}
        className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center text-stone transition-colors hover:text-charcoal focus-visible:outline-2 focus-visible:outline-gold"
      >
        {visible ? <Icon of={EyeOff} className="size-4" /> : <Icon of={Eye} className="size-4" />}
      </button>
    </div>
  );
}

/** A new password (sign-up, reset) under its label: the browser may offer one, at most 128 characters. */
export function NewPasswordField<S>({ label, ...props }: { label: string } & PasswordInputProps<S>) {
  return (
    <Field field={props.field} label={label}>
      <PasswordInput autoComplete="new-password" maxLength={128} {...props} />
    </Field>
  );
}
